// Teach: after a stroke, "It was: state · transition · self-loop · nothing · part of the last
// element · writing" offers to say what it really was. The server replaces what the stroke
// made with that reading (or just removes it) and saves the stroke as a training example.
// Each element remembers the stroke that made it, so tapping it later (in draw mode) offers
// the same. While offered, what it would replace is marked on the drawing (class
// `teach-target`).

import { api } from './api.js';
import { edgeAt, stateAt } from './geometry.js';
import { vocabulary } from './vocabulary.js';

export class Teach {
  /** Element id → {points, ids}: the stroke that made it and everything that stroke made. */
  #strokeOf = new Map();
  #offered = null;

  constructor(element, session, drawing, status) {
    this.element = element;
    this.session = session;
    this.drawing = drawing;
    this.status = status;
    this.question = element.querySelector('.teach-question');
    element.querySelector('.teach-classes').replaceChildren(...this.#classButtons());
    session.addEventListener('view', ({ detail }) => {
      if (detail.switched) this.#strokeOf.clear();
      // Anything done after the stroke (a label, an erase, another document) moves on from it;
      // the stroke's own answer comes before its offer.
      if (detail.switched || detail.changed) this.hide();
    });
    // So does running a word (its form is sent).
    document.addEventListener('submit', () => this.hide(), true);
  }

  /** Offers to teach the stroke just drawn (`ids`: what it made, maybe nothing). */
  offer(points, ids) {
    const stroke = { points, ids };
    for (const id of ids) this.#strokeOf.set(id, stroke);
    this.#show(stroke);
  }

  /** A tap on an element made by a stroke drawn here: offer to teach that stroke. */
  offerAt(point, target) {
    const state = stateAt(point, this.session.states);
    const ids = state ? [state.id] : (edgeAt(point, target, this.drawing.edgeLines())?.ids ?? []);
    const stroke = ids.map((id) => this.#strokeOf.get(id)).find(Boolean);
    if (!stroke) return;
    this.#show(stroke, `The stroke that made ${this.#describe(stroke.ids)} was:`);
  }

  hide() {
    this.#offered = null;
    this.element.hidden = true;
    this.drawing.mark('teach-target', []);
  }

  async teach({ name, title }) {
    const stroke = this.#offered;
    if (!stroke) return;
    // Only what is still there can be replaced (an undo may have taken some of it away).
    const before = new Set([...this.session.states, ...this.session.transitions].map((element) => element.id));
    const replacing = stroke.ids.filter((id) => before.has(id));
    this.hide();
    try {
      const answer = await api.teach(this.session.name, stroke.points, name, replacing);
      this.session.adopt(answer);
      // What the stroke makes now came from it too (the answer does not list it).
      const made = [...this.session.states, ...this.session.transitions]
        .map((element) => element.id)
        .filter((id) => !before.has(id));
      const taught = { points: stroke.points, ids: made };
      for (const id of made) this.#strokeOf.set(id, taught);
      // In the student's words: the server's message and folder names are the model's.
      const saved = answer.saved ? ' Saved for training.' : '';
      // A part completes an element: say what it changed (q0 is now final, the arrow turned).
      const changed = name === 'part' && answer.said ? ` ${answer.said}` : '';
      this.status.show(`Taught: ${title}.${changed}${saved}`);
    } catch (error) {
      this.status.error(error.message);
    }
  }

  /** One button per class Teach takes, in a student's words, separated by dots. */
  #classButtons() {
    return vocabulary.teachClasses.flatMap((taught, index) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'link';
      button.dataset.class = taught.name;
      button.textContent = taught.title;
      button.addEventListener('click', () => this.teach(taught));
      if (index === 0) return [button];
      const dot = document.createElement('span');
      dot.setAttribute('aria-hidden', 'true');
      dot.textContent = '·';
      return [dot, button];
    });
  }

  #show(stroke, question = 'It was:') {
    this.#offered = stroke;
    this.question.textContent = question;
    this.element.hidden = false;
    this.drawing.mark('teach-target', stroke.ids);
  }

  #describe(ids) {
    const names = ids.map((id) => {
      const state = this.session.stateWithID(id);
      if (state) return state.name;
      const transition = this.session.transitionWithID(id);
      if (!transition) return null;
      const from = this.session.stateWithID(transition.from)?.name ?? '?';
      const to = this.session.stateWithID(transition.to)?.name ?? '?';
      return transition.from === transition.to ? `the loop on ${from}` : `${from} → ${to}`;
    }).filter(Boolean);
    return names.join(', ') || 'what is gone now';
  }
}
