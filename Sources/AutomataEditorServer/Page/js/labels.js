// Names and labels: a small text field opens where a state or an edge was double-clicked
// (or long-pressed), and stays on that spot when the view moves; Enter sends the text,
// Escape or clicking elsewhere cancels.

import { edgeAt, rounded, stateAt } from './geometry.js';

/** A press this far (canvas points) from the edge's line is on its label: aim at the line instead. */
const ON_LINE = 12;

export class LabelEditor {
  #input = null;
  /** Where the field stands, in canvas points. */
  #spot = null;

  constructor(container, viewport, session, drawing, status) {
    this.container = container;
    this.viewport = viewport;
    this.session = session;
    this.drawing = drawing;
    this.status = status;
    viewport.addEventListener('change', () => this.#place());
  }

  /** Opens the field for whatever is at `point` (`target`: the element pressed). */
  openAt(point, target) {
    this.close();
    const state = stateAt(point, this.session.states);
    if (state) {
      // The server names the state whose circle holds `at`: its centre is the safest spot.
      this.#open(point, [state.center.x, state.center.y], state.name, `Name of ${state.name || 'the state'}`);
      return;
    }
    const edge = edgeAt(point, target, this.drawing.edgeLines());
    if (edge) {
      // Texts go to the nearest line; a press on the label itself is aimed back at its line.
      const at = edge.distance <= ON_LINE ? point : rounded(edge.point);
      const symbols = edge.ids
        .map((id) => this.session.transitionWithID(id))
        .filter(Boolean)
        .flatMap((transition) => transition.symbols ?? []);
      this.#open(point, at, [...new Set(symbols)].join(','), 'Symbols, e.g. a,b or ε');
      return;
    }
    this.status.show('Double-click (or long-press) a state to name it, or an arrow to label it.');
  }

  /** Puts the field on its spot as the view shows it, kept inside the canvas near its edges (it is centred on the spot). */
  #place() {
    if (!this.#input) return;
    const [x, y] = this.viewport.toScreen(this.#spot);
    const left = Math.min(Math.max(x, 80), this.container.clientWidth - 80);
    const top = Math.min(Math.max(y, 24), this.container.clientHeight - 24);
    this.#input.style.left = `${left}px`;
    this.#input.style.top = `${top}px`;
  }

  close() {
    const input = this.#input;
    this.#input = null;
    input?.remove();
  }

  #open(point, at, value, placeholder) {
    this.field(point, value, placeholder, (text) => this.session.send({ text, at }));
  }

  /** Opens a field at `point` holding `value`; Enter gives its trimmed, non-empty text to `submit`. */
  field(point, value, placeholder, submit) {
    this.close();
    const input = document.createElement('input');
    input.type = 'text';
    input.className = 'label-editor';
    input.value = value;
    input.placeholder = placeholder;
    input.setAttribute('aria-label', placeholder);
    input.spellcheck = false;
    input.autocapitalize = 'off';
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        const text = input.value.trim();
        this.close();
        if (text) submit(text);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        this.close();
      }
    });
    input.addEventListener('blur', () => {
      if (this.#input === input) this.close();
    });
    this.container.append(input);
    this.#input = input;
    this.#spot = point;
    this.#place();
    input.focus();
    input.select();
  }
}
