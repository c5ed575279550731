// The zoom controls in the toolbar: the zoom as a percentage (a click on it: 100%), zoom
// out and in, and fit (the whole drawing in sight). The keys (shortcuts.js) call the same.

import { MAX_SCALE, MIN_SCALE } from './viewport.js';

/** One button press or key zooms by this factor. */
const STEP = 1.25;

export class ZoomControls {
  /** `bounds`: () → the drawing's extent in canvas points, or null when it is empty. */
  constructor({ readout, zoomIn, zoomOut, fit }, viewport, bounds) {
    this.viewport = viewport;
    this.bounds = bounds;
    readout.addEventListener('click', () => this.actualSize());
    zoomIn.addEventListener('click', () => this.zoomIn());
    zoomOut.addEventListener('click', () => this.zoomOut());
    fit.addEventListener('click', () => this.fit());
    const update = () => {
      readout.textContent = `${Math.round(viewport.scale * 100)}%`;
      zoomIn.disabled = viewport.scale >= MAX_SCALE;
      zoomOut.disabled = viewport.scale <= MIN_SCALE;
    };
    viewport.addEventListener('change', update);
    update();
  }

  fit() {
    this.viewport.fit(this.bounds());
  }

  actualSize() {
    this.viewport.zoomTo(1);
  }

  zoomIn() {
    this.viewport.zoomTo(this.viewport.scale * STEP);
  }

  zoomOut() {
    this.viewport.zoomTo(this.viewport.scale / STEP);
  }
}
