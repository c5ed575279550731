// Ink from files at the size the editor reads: InkML coordinates are in the device's units
// (often hundredths of a millimetre, a drawing thousands across), while the editor's rules
// (how near an end must be to a state, how big a head is) are in canvas points, as drawn on
// screen. A drawing far off that size is scaled as a whole, so its shapes keep their look.

/** A drawing whose larger side is within these (canvas points) is kept as it is. */
const SMALLEST = 150;
const LARGEST = 3000;
/** The larger side of a drawing that had to be scaled. */
const SCALED_SIZE = 1000;
/** Where a scaled drawing's top-left corner goes: clear of the canvas's corner. */
const SCALED_ORIGIN = 80;

/** The points of an event, whatever its kind: a stroke's, an eraser path's, a text's spot. */
function pointsOf(event) {
  return event.stroke ?? event.erase ?? (event.at ? [event.at] : []);
}

/** The events' extent {left, top, right, bottom}, or null when they hold no point. */
export function eventsBounds(events) {
  let bounds = null;
  // A loop, not Math.min(...points): a file can hold more points than a call takes arguments.
  for (const [x, y] of events.flatMap(pointsOf)) {
    if (!bounds) bounds = { left: x, top: y, right: x, bottom: y };
    bounds.left = Math.min(bounds.left, x);
    bounds.top = Math.min(bounds.top, y);
    bounds.right = Math.max(bounds.right, x);
    bounds.bottom = Math.max(bounds.bottom, y);
  }
  return bounds;
}

/**
 * The events as they should be drawn: the same ones when their larger side is 150–3000
 * points (or nothing to measure), else scaled uniformly to about 1000 points across with
 * their top-left corner near the canvas's. Gives {events, factor} (factor 1: kept as they are).
 */
export function canvasSized(events) {
  const bounds = eventsBounds(events);
  const size = bounds ? Math.max(bounds.right - bounds.left, bounds.bottom - bounds.top) : 0;
  if (size <= 0 || (size >= SMALLEST && size <= LARGEST)) return { events, factor: 1 };
  const factor = SCALED_SIZE / size;
  // A tenth of a point is all the server keeps of a coordinate.
  const place = ([x, y]) => [
    Math.round((SCALED_ORIGIN + (x - bounds.left) * factor) * 10) / 10,
    Math.round((SCALED_ORIGIN + (y - bounds.top) * factor) * 10) / 10,
  ];
  const scaled = events.map((event) => {
    if (event.stroke) return { stroke: event.stroke.map(place) };
    if (event.erase) return { erase: event.erase.map(place) };
    if (event.at) return { ...event, at: place(event.at) };
    return event;
  });
  return { events: scaled, factor };
}
