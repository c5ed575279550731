// The algorithms panel: an operation on the open document (with another one for union,
// intersection and equivalence). The result is a new document, opened in place.

import { api } from './api.js';
import { vocabulary } from './vocabulary.js';

export class AlgorithmsPanel {
  constructor(elements, session, documents, status) {
    Object.assign(this, elements); // operation, other, otherField, apply, result
    this.operation.replaceChildren(...vocabulary.operations.map((operation) => {
      const option = new Option(operation.title, operation.name);
      option.title = operation.summary;
      return option;
    }));
    this.session = session;
    this.documents = documents;
    this.status = status;
    this.operation.addEventListener('change', () => this.#updateOther());
    this.apply.addEventListener('click', () => this.run());
    documents.addEventListener('list', ({ detail }) => this.#fillOther(detail.list));
    session.addEventListener('view', ({ detail }) => {
      if (detail.switched) this.#fillOther(documents.list);
    });
    this.#updateOther();
  }

  get #isBinary() {
    return vocabulary.operations.find((operation) => operation.name === this.operation.value)?.takesSecond ?? false;
  }

  async run() {
    const operation = this.operation.value;
    const other = this.#isBinary ? this.other.value : undefined;
    if (this.#isBinary && !other) {
      this.#say('Pick the other document first.');
      return;
    }
    const source = this.session.name;
    this.apply.disabled = true;
    try {
      const answer = await api.runAlgorithm(source, operation, other);
      this.#say(answer.message ?? `Made ${answer.name}.`);
      if (operation === 'equivalence') this.#sayEquivalence(answer);
      await this.documents.showResult(answer.view);
      this.status.show(answer.message ?? `Opened ${answer.name}.`);
    } catch (error) {
      this.#say(error.message);
      this.status.error(error.message);
    } finally {
      this.apply.disabled = false;
    }
  }

  /** The message says whether they are equivalent; the word they differ on is shown apart, to copy. */
  #sayEquivalence(answer) {
    if (answer.counterexample === null || answer.counterexample === undefined) return;
    const line = document.createElement('div');
    const word = document.createElement('code');
    word.className = 'counterexample';
    word.textContent = answer.counterexample === '' ? 'ε' : answer.counterexample;
    line.append('Shortest word they differ on: ', word);
    this.result.append(line);
  }

  #say(text) {
    this.result.replaceChildren(text);
  }

  #fillOther(list) {
    const previous = this.other.value;
    const names = list.filter((entry) => !entry.problem).map((entry) => entry.name);
    this.other.replaceChildren(...names.map((name) => new Option(name, name)));
    // Keep the user's pick; else suggest a document other than the open one.
    this.other.value = names.includes(previous) ? previous : (names.find((name) => name !== this.session.name) ?? names[0] ?? '');
  }

  #updateOther() {
    this.other.disabled = !this.#isBinary;
    this.otherField.classList.toggle('disabled', !this.#isBinary);
  }
}
