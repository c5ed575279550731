// The open document as the server last showed it (its view), and the one way to change it:
// events go out one at a time, in the order they were made, and each answer's view is
// adopted. Listeners hear of every new view through the 'view' event.

import { api } from './api.js';

export class Session extends EventTarget {
  name = null;
  view = null;
  #queue = Promise.resolve();

  constructor(status) {
    super();
    this.status = status;
  }

  /** The document's states: {id, name, center: {x, y}, radius, isInitial, isFinal}. */
  get states() {
    return this.view?.file?.document?.states ?? [];
  }

  get transitions() {
    return this.view?.file?.document?.transitions ?? [];
  }

  /** Ink waiting for the stroke that completes its symbol: {texts: [{text, at}], heads: [{apex, opening, size}]}. */
  get pending() {
    return this.view?.file?.document?.pending ?? {};
  }

  /** Handwritten words, finished then the one being written: {strokes, text, isSure, effect, characters}. Their place in this list names them. */
  get writtenWords() {
    const document = this.view?.file?.document;
    return [...(document?.words ?? []), ...(document?.pending?.word ? [document.pending.word] : [])];
  }

  stateWithID(id) {
    return this.states.find((state) => state.id === id);
  }

  transitionWithID(id) {
    return this.transitions.find((transition) => transition.id === id);
  }

  /** Opens (or creates) a document; resolves to its view, or null after showing the error. */
  async open(name) {
    try {
      const view = await api.openDocument(name);
      this.adopt(view, { switched: true });
      return view;
    } catch (error) {
      this.status.error(error.message);
      return null;
    }
  }

  /**
   * Sends one event (stroke, text, erase, undo, redo, move) after those already on the way.
   * Resolves to the answer (view, message, changed, added), or null after showing the error.
   */
  send(event) {
    return this.change((name) => api.sendEvent(name, event));
  }

  /** Like `send`, for any request `call(name)` that answers as an event does (a word corrected). */
  change(call) {
    const name = this.name;
    const job = this.#queue.then(() => this.#changeNow(name, call));
    this.#queue = job;
    return job;
  }

  async #changeNow(name, call) {
    try {
      const answer = await call(name);
      // The user may have switched documents while this was on the way.
      if (answer.name === this.name) this.adopt(answer, { changed: answer.changed !== false });
      // What it did in the student's words (`said`); the server's own message keeps its figures.
      if (answer.message) this.status.show(answer.said ?? answer.message);
      return answer;
    } catch (error) {
      this.status.error(error.message);
      return null;
    }
  }

  /**
   * Takes a view from any answer (events, rename, algorithms, corrections). `switched`: a
   * different document (or name) is now open; `changed`: the drawing may differ.
   */
  adopt(view, { switched = false, changed = true } = {}) {
    switched = switched || view.name !== this.name;
    this.view = view;
    this.name = view.name;
    this.dispatchEvent(new CustomEvent('view', { detail: { view, switched, changed: changed || switched } }));
  }
}
