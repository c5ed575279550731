// Pen strokes and eraser paths: ink while drawing, then one event to the server. The ink
// goes when the answer's drawing replaces it, or fades when nothing changed.

/** A press that travels less than this (CSS px, the hand's, whatever the zoom) is a tap or a click, not a stroke. */
const MIN_STROKE_SIZE = 6;

function extent(points) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

export class StrokeInput {
  /** (point, target) when a press in draw mode did not travel: a tap on something. */
  onTap = () => {};

  constructor(canvas, session, teach) {
    this.canvas = canvas;
    this.session = session;
    this.teach = teach;
  }

  /** A gesture drawing ink; `kind` is 'draw' (a stroke) or 'erase' (an eraser path); `target`: the element pressed. */
  gesture(kind, start, target) {
    const ink = this.canvas.startInk(kind, start);
    return {
      move: (point) => ink.add(point),
      end: (point) => {
        ink.add(point);
        this.#finish(kind, ink, target);
      },
      cancel: () => ink.remove(),
    };
  }

  async #finish(kind, ink, target) {
    const points = ink.points;
    if (points.length < 2 || extent(points) < MIN_STROKE_SIZE / this.canvas.viewport.scale) {
      // Clicks (double-clicks for labels among them) are not strokes.
      ink.remove();
      if (kind === 'draw') this.onTap(points[0], target);
      return;
    }
    ink.markSent();
    const answer = await this.session.send(kind === 'erase' ? { erase: points } : { stroke: points });
    if (answer?.changed) ink.remove();
    else ink.fadeOut();
    if (answer && kind === 'draw') this.teach.offer(points, answer.added ?? []);
  }
}
