// Fits the drawing again when the canvas changes size: a window resized, a tablet turned, the
// side panel folding into its drawer or back. The SVG element's own size is watched, so
// each of these counts, and only once the size has settled (a dragged window edge sends many).
//
// The rule: re-fit when the view is still as Fit left it (the button, the f key, or a document
// fitted on opening), or when the drawing was all in sight before the resize and is not any
// more. A view the student zoomed or panned on purpose, with the drawing partly out of sight,
// is left alone.

/** How long (ms) the size must stay the same before the view is re-fitted. */
const SETTLE_MS = 150;

const sizeOf = (element) => {
  const { width, height } = element.getBoundingClientRect();
  return { width, height };
};

/** `bounds`: () → the drawing's extent in canvas points, or null when it is empty. */
export function refitOnResize(svg, viewport, zoom, bounds) {
  let settled = sizeOf(svg);
  let timer = null;
  const refitIfWanted = () => {
    const before = settled;
    settled = sizeOf(svg);
    if (settled.width === before.width && settled.height === before.height) return;
    const lostSight = viewport.shows(bounds(), before) && !viewport.shows(bounds());
    if (viewport.fitted || lostSight) zoom.fit();
  };
  new ResizeObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(refitIfWanted, SETTLE_MS);
  }).observe(svg);
}
