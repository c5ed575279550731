// Hit-testing on the canvas: which state or drawn edge is at a point.

import { transitionIDs } from './render.js';

/** How far (canvas points) from a drawn edge a press still means that edge. */
const EDGE_REACH = 28;

export function distance([ax, ay], [bx, by]) {
  return Math.hypot(ax - bx, ay - by);
}

/** The state whose circle holds the point (the nearest centre when circles overlap), or null. */
export function stateAt(point, states) {
  let best = null;
  let bestDistance = Infinity;
  for (const state of states) {
    const d = distance(point, [state.center.x, state.center.y]);
    if (d <= state.radius && d < bestDistance) {
      best = state;
      bestDistance = d;
    }
  }
  return best;
}

/** The nearest point of an SVG path or line to `point`, sampled every few points along it. */
function nearestOnLine(line, point) {
  const length = line.getTotalLength();
  const steps = Math.max(8, Math.ceil(length / 3));
  let best = null;
  for (let i = 0; i <= steps; i += 1) {
    const p = line.getPointAtLength((length * i) / steps);
    const d = distance(point, [p.x, p.y]);
    if (!best || d < best.distance) best = { point: [p.x, p.y], distance: d };
  }
  return best;
}

/**
 * The drawn edge at a point: the one the pressed element belongs to (an edge or its
 * label), else the nearest within reach. Gives its transition ids, the nearest point on
 * its line and how far the press was from it; null when no edge is near.
 */
export function edgeAt(point, target, lines) {
  const pressed = target?.closest?.('[data-transitions]');
  const own = pressed ? lines.filter((line) => line.dataset.transitions === pressed.dataset.transitions) : [];
  const candidates = own.length > 0 ? own : lines;
  let best = null;
  for (const line of candidates) {
    const near = nearestOnLine(line, point);
    if (!best || near.distance < best.distance) best = { ...near, ids: transitionIDs(line) };
  }
  if (!best) return null;
  if (own.length === 0 && best.distance > EDGE_REACH) return null;
  return best;
}

/** Canvas coordinates as they go to the server: a tenth of a point is plenty. */
export function rounded([x, y]) {
  return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
}

/**
 * The drawing's extent in canvas points, {left, top, right, bottom}: the states' circles,
 * the transitions' ends and control points (a curve stays within them) and `others` (points
 * {x, y}: ink still waiting); null when there is nothing. Labels and arrowheads stand a
 * little outside: fitting leaves a margin.
 */
export function drawingBounds(states, transitions, others = []) {
  const boxes = [
    ...states.map(({ center: { x, y }, radius }) => [x - radius, y - radius, x + radius, y + radius]),
    ...transitions.flatMap((t) => [t.start, t.end, ...(t.controls ?? [])]).map(({ x, y }) => [x, y, x, y]),
    ...others.map(({ x, y }) => [x, y, x, y]),
  ];
  if (boxes.length === 0) return null;
  return {
    left: Math.min(...boxes.map((box) => box[0])),
    top: Math.min(...boxes.map((box) => box[1])),
    right: Math.max(...boxes.map((box) => box[2])),
    bottom: Math.max(...boxes.map((box) => box[3])),
  };
}
