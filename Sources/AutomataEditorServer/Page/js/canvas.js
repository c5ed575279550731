// The drawing surface, in canvas points (y downwards) as the viewport maps them. It follows
// one pointer at a time (mouse, pen or finger) with pointer capture and hands its path to a
// gesture chosen by the current mode; it draws ink, and tells of long presses and
// double-clicks (for labels) and of presses held still (to pick something up). Presses that
// move the view are left to `claimPress`.

import { rounded } from './geometry.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const LONG_PRESS_MS = 500;
/** A long press allows the hand this much movement (CSS px: it is the hand's, whatever the zoom). */
const LONG_PRESS_SLOP = 8;

/** What a press does when the mode has nothing for it: only long presses are watched. */
const IDLE_GESTURE = { move() {}, end() {}, cancel() {} };

export class Canvas {
  /** (point, event) → gesture {move(point), end(point), cancel()} or null. */
  onPress = () => null;
  /** (point, target) after a pen or finger rests ~500 ms without moving. */
  onLongPress = () => {};
  /**
   * (point, target) → a gesture that takes over when a press rests ~500 ms without moving
   * (something picked up, to drag), or null. A pen or finger's long press still happens.
   */
  onHold = () => null;
  /** (point, target) on a mouse double-click. */
  onDoubleClick = () => {};
  /** (event) → true when the press is for moving the view, not for the mode's gesture. */
  claimPress = () => false;

  #active = null;

  constructor(svg, inkLayer, viewport) {
    this.svg = svg;
    this.inkLayer = inkLayer;
    this.viewport = viewport;
    svg.addEventListener('pointerdown', (event) => this.#down(event));
    svg.addEventListener('pointermove', (event) => this.#move(event));
    svg.addEventListener('pointerup', (event) => this.#up(event));
    svg.addEventListener('pointercancel', (event) => this.#cancel(event));
    svg.addEventListener('dblclick', (event) => this.onDoubleClick(this.pointOf(event), event.target));
    // A long press on a touch screen would open the context menu instead of a label.
    svg.addEventListener('contextmenu', (event) => event.preventDefault());
  }

  /** The event's position in canvas coordinates. */
  pointOf(event) {
    return rounded(this.viewport.toCanvas(event.clientX, event.clientY));
  }

  /** 'mouse', 'pen' or 'touch' while a gesture goes on, else null. */
  get activePointerType() {
    return this.#active?.pointerType ?? null;
  }

  /** Drops the gesture going on (its ink goes): a second finger made it a pinch. */
  cancelGesture() {
    const active = this.#active;
    if (!active) return;
    clearTimeout(active.timer);
    this.#active = null;
    active.gesture.cancel();
  }

  /** New ink on the canvas, starting at `point`; `kind` (draw, erase) sets its look. */
  startInk(kind, point) {
    const line = document.createElementNS(SVG_NS, 'polyline');
    line.setAttribute('class', `ink ink-${kind}`);
    this.inkLayer.append(line);
    return new Ink(line, point);
  }

  #down(event) {
    if (this.claimPress(event)) return;
    // One pointer at a time (a resting palm or a second finger does not draw); the main mouse button only.
    if (this.#active || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // Whatever field had the focus lets go, so shortcuts work again after drawing.
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      document.activeElement.blur();
    }
    event.preventDefault();
    const point = this.pointOf(event);
    const gesture = this.onPress(point, event) ?? IDLE_GESTURE;
    this.svg.setPointerCapture(event.pointerId);
    const active = {
      pointerId: event.pointerId, pointerType: event.pointerType, gesture, start: point,
      client: [event.clientX, event.clientY], timer: null, held: false,
    };
    const target = event.target;
    active.timer = setTimeout(() => this.#longPress(active, target), LONG_PRESS_MS);
    this.#active = active;
  }

  #move(event) {
    const active = this.#active;
    if (!active || event.pointerId !== active.pointerId) return;
    // Coalesced events carry every sample the pen gave since the last frame.
    const samples = event.getCoalescedEvents?.() ?? [];
    for (const sample of samples.length > 0 ? samples : [event]) {
      const point = this.pointOf(sample);
      if (Math.hypot(sample.clientX - active.client[0], sample.clientY - active.client[1]) > LONG_PRESS_SLOP) {
        clearTimeout(active.timer);
        active.timer = null;
        active.held = false;
      }
      // What was picked up stays put until the hand really moves it.
      if (!active.held) active.gesture.move(point);
    }
  }

  #up(event) {
    const active = this.#active;
    if (!active || event.pointerId !== active.pointerId) return;
    clearTimeout(active.timer);
    this.#active = null;
    // Picked up and put down where it was: only the long press happened.
    if (active.held) active.gesture.cancel();
    else active.gesture.end(this.pointOf(event));
  }

  #cancel(event) {
    if (this.#active?.pointerId === event.pointerId) this.cancelGesture();
  }

  #longPress(active, target) {
    if (this.#active !== active) return;
    active.timer = null;
    const pickedUp = this.onHold(active.start, target);
    if (pickedUp) return this.#pickUp(active, pickedUp, target);
    // A mouse's long press is nothing (a double-click names): its stroke goes on.
    if (active.pointerType === 'mouse') return;
    this.#active = null;
    active.gesture.cancel();
    if (this.svg.hasPointerCapture(active.pointerId)) this.svg.releasePointerCapture(active.pointerId);
    this.onLongPress(active.start, target);
  }

  /** The press held still on something movable: its gesture gives way to the drag of it. */
  #pickUp(active, gesture, target) {
    active.gesture.cancel();
    active.gesture = gesture;
    active.held = true;
    if (active.pointerType !== 'mouse') this.onLongPress(active.start, target);
  }
}

/** A polyline that grows with the pen, then goes away: at once, or fading. */
class Ink {
  constructor(line, first) {
    this.line = line;
    this.points = [];
    this.add(first);
  }

  add(point) {
    const last = this.points[this.points.length - 1];
    if (last && last[0] === point[0] && last[1] === point[1]) return;
    this.points.push(point);
    this.line.setAttribute('points', this.points.map(([x, y]) => `${x},${y}`).join(' '));
  }

  /** The stroke is on its way to the server. */
  markSent() {
    this.line.classList.add('sent');
  }

  remove() {
    this.line.remove();
  }

  /** Nothing came of the stroke: the ink fades out (CSS transition), then goes. */
  fadeOut() {
    this.line.classList.add('fading');
    this.line.addEventListener('transitionend', () => this.line.remove(), { once: true });
    setTimeout(() => this.line.remove(), 1500); // in case no transition runs (hidden tab)
  }
}
