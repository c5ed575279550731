// Handwriting as read: the server draws each handwritten word's ink faded with what it read
// over it (`data-word="N"` on both; "?" after a word it is unsure of). Tapping either opens
// a field holding that reading; the text typed there fixes the state or transition the word
// made, and the server saves each character's strokes as a training image of its class.

import { api } from './api.js';

export class WordCorrection {
  constructor(session, labels, status) {
    this.session = session;
    this.labels = labels;
    this.status = status;
  }

  /** The handwritten word a pressed element shows, if any: its place in the session's list. */
  static wordOf(target) {
    const element = target?.closest?.('[data-word]');
    return element ? Number(element.dataset.word) : null;
  }

  /** Opens the field for word `index` at `point`. */
  openAt(point, index) {
    const word = this.session.writtenWords[index];
    if (!word) return;
    const question = word.isSure ? `Read as "${word.text}": type what it says` : `Unsure of "${word.text}": type what it says`;
    this.labels.field(point, word.text, question, (text) => this.#correct(index, text));
    this.status.show(`${question}, then Enter.`);
  }

  /** The answer's message says what changed and how many training images were saved. */
  #correct(index, text) {
    this.session.change((name) => api.correctWord(name, index, text));
  }
}
