// Puts the server's SVG layers (defs, edges, states, labels) into the canvas's drawing
// group, and marks elements on them by class: the states of a simulation step (`active`),
// what Teach would replace (`teach-target`). Marks outlive redraws.

const SVG_NS = 'http://www.w3.org/2000/svg';

export class DrawingLayer {
  /** Class → the ids (strings) of the states and transitions that carry it. */
  #marks = new Map();

  constructor(group, status) {
    this.group = group;
    this.status = status;
  }

  /** Replaces the drawing with `svgText` (layers without an <svg> element), keeping the highlight. */
  show(svgText) {
    // Parsed as SVG, not HTML, so elements land in the SVG namespace whatever the markup.
    const parsed = new DOMParser().parseFromString(`<svg xmlns="${SVG_NS}">${svgText ?? ''}</svg>`, 'image/svg+xml');
    const root = parsed.documentElement;
    if (root.nodeName !== 'svg' || root.querySelector('parsererror')) {
      this.status.error('The drawing from the server could not be read.');
      return;
    }
    this.group.replaceChildren(...Array.from(root.childNodes, (node) => document.importNode(node, true)));
    this.#applyMarks();
  }

  /** Marks the states with these ids (class `active`); an empty list clears the marks. */
  highlight(stateIDs) {
    this.mark('active', stateIDs);
  }

  /**
   * Gives class `name` to the elements of these states and transitions (ids are unique
   * across both): `[data-state="ID"]` and `[data-transitions~="ID"]`. An empty list clears it.
   */
  mark(name, ids) {
    this.#marks.set(name, new Set(ids.map(String)));
    this.#applyMarks();
  }

  #applyMarks() {
    for (const element of this.group.querySelectorAll('[data-state], [data-transitions]')) {
      const ids = element.dataset.state !== undefined ? [element.dataset.state] : transitionIDs(element).map(String);
      for (const [name, marked] of this.#marks) {
        element.classList.toggle(name, ids.some((id) => marked.has(id)));
      }
    }
  }

  /** The drawn lines (edges and their loops) with their transition ids, for hit-testing. */
  edgeLines() {
    return Array.from(this.group.querySelectorAll('[data-transitions]'))
      .filter((element) => element instanceof SVGGeometryElement && element.tagName !== 'text');
  }
}

/** The transition ids an element with `data-transitions="3 4"` stands for. */
export function transitionIDs(element) {
  return (element.dataset.transitions ?? '').split(/\s+/).filter(Boolean).map(Number);
}
