// Free ends: a transition drawn to or from nowhere (grey, dashed) can be dragged by that end
// onto a state, which connects it. A dashed line shows where the end would go; dropped away
// from a state, the end stays where it was.

import { distance, stateAt } from './geometry.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** How far (canvas points) from a free end a press still grabs it. */
const END_REACH = 16;

/** The free end nearest `point` within reach: {transition, end: 'start'|'end', anchor: the other end}, or null. */
export function freeEndAt(point, transitions) {
  let best = null;
  for (const transition of transitions) {
    const free = [];
    if (transition.from == null) free.push({ end: 'start', at: transition.start, anchor: transition.end });
    if (transition.to == null) free.push({ end: 'end', at: transition.end, anchor: transition.start });
    for (const { end, at, anchor } of free) {
      const d = distance(point, [at.x, at.y]);
      if (d <= END_REACH && (!best || d < best.distance)) best = { transition, end, anchor, distance: d };
    }
  }
  return best;
}

export class EndDragger {
  constructor(session, inkLayer) {
    this.session = session;
    this.inkLayer = inkLayer;
  }

  /** The drag gesture for a press on a free end at `start`, or null when none is there. */
  gesture(start) {
    const grabbed = freeEndAt(start, this.session.transitions);
    if (!grabbed) return null;
    const line = document.createElementNS(SVG_NS, 'line');
    line.setAttribute('class', 'end-drag');
    line.setAttribute('x1', grabbed.anchor.x);
    line.setAttribute('y1', grabbed.anchor.y);
    const follow = ([x, y]) => {
      line.setAttribute('x2', x);
      line.setAttribute('y2', y);
    };
    follow(start);
    this.inkLayer.append(line);
    document.body.classList.add('dragging');
    const finish = () => {
      line.remove();
      document.body.classList.remove('dragging');
    };
    return {
      move: follow,
      end: (point) => {
        finish();
        const state = stateAt(point, this.session.states);
        if (state) this.session.send({ connect: grabbed.transition.id, end: grabbed.end, state: state.id });
      },
      cancel: finish,
    };
  }
}
