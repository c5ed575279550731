// The view of the canvas: which canvas point is at the top-left corner of the SVG element
// and how many CSS pixels one canvas point takes (the zoom). It owns the viewBox, so the
// server's layers, in canvas coordinates, are panned and zoomed as they are; every pointer
// position becomes a canvas point here. A 'change' event follows every move of the view.

export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;
/** Room (CSS px) left round the drawing when fitting it. */
const FIT_MARGIN = 48;
/** The dot grid's spacing in canvas points at 100%; it doubles when zoomed out so dots stay apart. */
const GRID = 24;

const clampScale = (scale) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

export class Viewport extends EventTarget {
  x = 0;
  y = 0;
  scale = 1;
  /** Whether the view is as fit() left it: no pan or zoom by the student since. */
  fitted = false;

  /** `backdrop`: the element behind the canvas whose dot grid follows the view. */
  constructor(svg, backdrop) {
    super();
    this.svg = svg;
    this.backdrop = backdrop;
    // A resize keeps the top-left corner and the zoom: the window shows more or less
    // (refit.js fits the drawing again afterwards when that is wanted).
    new ResizeObserver(() => this.#apply()).observe(svg);
    this.#apply();
  }

  /** A client (page) position as a canvas point. */
  toCanvas(clientX, clientY) {
    const box = this.svg.getBoundingClientRect();
    return [this.x + (clientX - box.left) / this.scale, this.y + (clientY - box.top) / this.scale];
  }

  /** A canvas point's position in CSS px from the SVG element's top-left corner. */
  toScreen([x, y]) {
    return [(x - this.x) * this.scale, (y - this.y) * this.scale];
  }

  /** Moves the drawing by (dx, dy) CSS px, as a hand dragging the paper. */
  panBy(dx, dy) {
    this.x -= dx / this.scale;
    this.y -= dy / this.scale;
    this.fitted = false;
    this.#apply();
  }

  /** Zooms by `factor` (within the limits) keeping the canvas point under the client position still. */
  zoomAt(factor, clientX, clientY) {
    const [cx, cy] = this.toCanvas(clientX, clientY);
    const box = this.svg.getBoundingClientRect();
    this.scale = clampScale(this.scale * factor);
    this.x = cx - (clientX - box.left) / this.scale;
    this.y = cy - (clientY - box.top) / this.scale;
    this.fitted = false;
    this.#apply();
  }

  /** Zooms to `scale` about the middle of the view (keys, buttons). */
  zoomTo(scale) {
    const box = this.svg.getBoundingClientRect();
    this.zoomAt(scale / this.scale, box.left + box.width / 2, box.top + box.height / 2);
  }

  /**
   * Shows all of `bounds` ({left, top, right, bottom} in canvas points) centred with a
   * margin, zoomed out as far as needed but never in beyond 100% (a lone state would fill
   * the screen). No bounds (an empty drawing): the origin at 100%.
   */
  fit(bounds) {
    this.fitted = true;
    if (!bounds) {
      this.x = 0;
      this.y = 0;
      this.scale = 1;
      this.#apply();
      return;
    }
    const { width, height } = this.svg.getBoundingClientRect();
    const wide = Math.max(1, bounds.right - bounds.left);
    const high = Math.max(1, bounds.bottom - bounds.top);
    this.scale = clampScale(Math.min(1, (width - 2 * FIT_MARGIN) / wide, (height - 2 * FIT_MARGIN) / high));
    this.x = (bounds.left + bounds.right) / 2 - width / this.scale / 2;
    this.y = (bounds.top + bounds.bottom) / 2 - height / this.scale / 2;
    this.#apply();
  }

  /**
   * Whether all of `bounds` is in sight (nothing to show counts as in sight), in the SVG
   * element as it is or, given `size` ({width, height} in CSS px), as it was at that size.
   */
  shows(bounds, size = this.svg.getBoundingClientRect()) {
    if (!bounds) return true;
    const { width, height } = size;
    return bounds.left >= this.x && bounds.top >= this.y
      && bounds.right <= this.x + width / this.scale && bounds.bottom <= this.y + height / this.scale;
  }

  #apply() {
    const { width, height } = this.svg.getBoundingClientRect();
    this.svg.setAttribute('viewBox', `${this.x} ${this.y} ${width / this.scale} ${height / this.scale}`);
    let spacing = GRID * this.scale;
    while (spacing < 16) spacing *= 2;
    this.backdrop.style.backgroundSize = `${spacing}px ${spacing}px`;
    this.backdrop.style.backgroundPosition = `${-this.x * this.scale}px ${-this.y * this.scale}px`;
    this.dispatchEvent(new Event('change'));
  }
}
