// Moving the view by hand: the wheel or a two-finger trackpad scroll pans, Ctrl+wheel (a
// trackpad pinch arrives so in Chromium) zooms about the pointer; two fingers on a touch
// screen pinch and pan (one finger still draws); space+drag or a middle-button drag pans
// with a mouse. The canvas asks `claims(event)` first on every press.

import { isTyping } from './shortcuts.js';

/** Wheel pixels per line when the wheel counts in lines (Firefox with a mouse). */
const LINE = 16;
/** A wheel step zooms by at most this much (a mouse notch is ~100 px, a pinch a few). */
const MAX_ZOOM_STEP = 30;

const midpoint = ([ax, ay], [bx, by]) => [(ax + bx) / 2, (ay + by) / 2];
const spread = ([ax, ay], [bx, by]) => Math.max(1, Math.hypot(ax - bx, ay - by));

export class Navigation {
  /** Fingers on the canvas: pointer id → client position. */
  #touches = new Map();
  /** Two fingers moving the view: {mid, spread} as last seen. */
  #pinch = null;
  /** A mouse drag moving the view: {pointerId, last}. */
  #drag = null;
  #space = false;
  /** Whether the mouse is over the canvas: only then is space the hand. */
  #hover = false;

  constructor(svg, viewport, canvas) {
    this.svg = svg;
    this.viewport = viewport;
    this.canvas = canvas;
    svg.addEventListener('wheel', (event) => this.#wheel(event), { passive: false });
    svg.addEventListener('pointermove', (event) => this.#move(event));
    // Lifts are heard wherever they land: a finger may end on the label field that its long press opened.
    window.addEventListener('pointerup', (event) => this.#lift(event));
    window.addEventListener('pointercancel', (event) => this.#lift(event));
    svg.addEventListener('pointerenter', (event) => {
      if (event.pointerType === 'mouse') this.#hover = true;
    });
    svg.addEventListener('pointerleave', (event) => {
      if (event.pointerType === 'mouse') this.#hover = false;
    });
    // Space held with the mouse over the canvas turns it into a hand (not while typing). A
    // button keeping the focus from a click lets go, or the key would press it again.
    document.addEventListener('keydown', (event) => {
      if (event.key !== ' ' || !this.#hover || isTyping(event.target)) return;
      event.preventDefault();
      if (event.target instanceof HTMLElement && event.target !== document.body) event.target.blur();
      this.#setSpace(true);
    });
    document.addEventListener('keyup', (event) => {
      if (event.key === ' ') this.#setSpace(false);
    });
    window.addEventListener('blur', () => this.#setSpace(false));
  }

  /** Whether a press moves the view (then the canvas leaves it alone); sees every press first. */
  claims(event) {
    if (event.pointerType === 'touch') {
      this.#touches.set(event.pointerId, [event.clientX, event.clientY]);
      if (this.#touches.size === 1) return false;
      // A second finger while a finger draws: that stroke was the start of a pinch. Touches
      // while a pen draws are a resting palm: claimed, so they do nothing.
      if (this.#touches.size === 2 && (this.canvas.activePointerType ?? 'touch') === 'touch') {
        this.canvas.cancelGesture();
        const [a, b] = this.#touches.values();
        this.#pinch = { mid: midpoint(a, b), spread: spread(a, b) };
      }
      this.svg.setPointerCapture(event.pointerId);
      return true;
    }
    const middle = event.button === 1;
    if (!middle && !(event.button === 0 && this.#space)) return false;
    event.preventDefault(); // no middle-click autoscroll
    this.#drag = { pointerId: event.pointerId, last: [event.clientX, event.clientY] };
    this.svg.setPointerCapture(event.pointerId);
    document.body.classList.add('panning');
    return true;
  }

  #wheel(event) {
    event.preventDefault(); // neither the page nor the browser's own zoom
    const unit = event.deltaMode === 1 ? LINE : event.deltaMode === 2 ? this.svg.clientHeight : 1;
    let dx = event.deltaX * unit;
    let dy = event.deltaY * unit;
    if (event.ctrlKey || event.metaKey) {
      const step = Math.max(-MAX_ZOOM_STEP, Math.min(MAX_ZOOM_STEP, dy));
      this.viewport.zoomAt(Math.exp(-step / 100), event.clientX, event.clientY);
      return;
    }
    // Shift turns a plain mouse wheel sideways.
    if (event.shiftKey && dx === 0) [dx, dy] = [dy, 0];
    this.viewport.panBy(-dx, -dy);
  }

  #move(event) {
    const drag = this.#drag;
    if (drag && event.pointerId === drag.pointerId) {
      this.viewport.panBy(event.clientX - drag.last[0], event.clientY - drag.last[1]);
      drag.last = [event.clientX, event.clientY];
      return;
    }
    if (!this.#touches.has(event.pointerId)) return;
    this.#touches.set(event.pointerId, [event.clientX, event.clientY]);
    const pinch = this.#pinch;
    if (!pinch || this.#touches.size !== 2) return;
    // The point between the fingers follows them, and the paper stretches with their spread.
    const [a, b] = this.#touches.values();
    const mid = midpoint(a, b);
    const now = spread(a, b);
    this.viewport.panBy(mid[0] - pinch.mid[0], mid[1] - pinch.mid[1]);
    this.viewport.zoomAt(now / pinch.spread, mid[0], mid[1]);
    this.#pinch = { mid, spread: now };
  }

  #lift(event) {
    if (this.#drag?.pointerId === event.pointerId) {
      this.#drag = null;
      document.body.classList.remove('panning');
    }
    // The pinch ends with either finger; the one left does not draw until lifted.
    if (this.#touches.delete(event.pointerId)) this.#pinch = null;
  }

  #setSpace(down) {
    this.#space = down;
    document.body.classList.toggle('pan-ready', down);
  }
}
