// Puts the server's SVG layers (defs, edges, states, labels) into the canvas's drawing
// group, and marks the states of a simulation step on them.

const SVG_NS = 'http://www.w3.org/2000/svg';

export class DrawingLayer {
  #highlighted = new Set();

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
    this.#applyHighlight();
  }

  /** Marks the states with these ids (class `active`); an empty list clears the marks. */
  highlight(stateIDs) {
    this.#highlighted = new Set(stateIDs.map(String));
    this.#applyHighlight();
  }

  #applyHighlight() {
    for (const element of this.group.querySelectorAll('[data-state]')) {
      element.classList.toggle('active', this.#highlighted.has(element.dataset.state));
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
