// The drawing as a PNG picture, for chats and slides: the server's SVG export drawn at twice
// its size on a white background, made in the page (a canvas reads SVG as any browser does).

import { api } from './api.js';

/** How many pixels per SVG point: sharp on high-density screens and projectors. */
const SCALE = 2;

export class PNGDownload {
  /** `link`: the PNG entry among the downloads; `session`: whose document it draws. */
  constructor(link, session, status) {
    this.session = session;
    this.status = status;
    link.addEventListener('click', (event) => {
      event.preventDefault();
      this.download();
    });
  }

  async download() {
    const name = this.session.name;
    try {
      const response = await fetch(api.exportURL(name, 'svg'));
      if (!response.ok) throw new Error(`the picture of ${name} could not be made (${response.status})`);
      const blob = await pictureOf(await response.text());
      saveAs(blob, `${name}.png`);
    } catch (error) {
      this.status.error(error.message);
    }
  }
}

/** The SVG text drawn at SCALE on white, as a PNG blob. */
async function pictureOf(svgText) {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(image.naturalWidth * SCALE);
    canvas.height = Math.ceil(image.naturalHeight * SCALE);
    const context = canvas.getContext('2d');
    // The SVG has a white background of its own; this keeps a transparent edge from showing.
    context.fillStyle = 'white';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png');
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Hands `blob` to the browser as a download named `filename`. */
function saveAs(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
