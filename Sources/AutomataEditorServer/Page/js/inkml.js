// Opening an InkML file (.inkml), the W3C ink format: the server reads its traces into
// drawing events, and the page replays them on a new document named after the file (name-2,
// name-3… when taken), each stroke read as if drawn here, in the order the pen drew them.
// While it replays, the same button stops it.

import { api } from './api.js';
import { documentNameForFile } from './vocabulary.js';
import { canvasSized, eventsBounds } from './inkscale.js';
import { Replay } from './replay.js';
import { isTooLarge, onFilePicked } from './filepick.js';

function counted(count, noun) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export class InkMLImport {
  #replay = null;

  constructor(elements, documents, session, viewport, zoom, status) {
    Object.assign(this, elements); // button, input (a hidden file input)
    this.documents = documents;
    this.session = session;
    this.viewport = viewport;
    this.zoom = zoom;
    this.status = status;
    this.openLabel = this.button.textContent;
    this.openTitle = this.button.title;
    this.button.addEventListener('click', () => {
      if (this.#replay) this.#replay.stop();
      else this.input.click();
    });
    onFilePicked(this.input, (file) => this.open(file));
  }

  async open(file) {
    if (isTooLarge(file, '.inkml', this.status)) return;
    let events;
    this.button.disabled = true;
    try {
      // Read before any document is made: a file the server refuses leaves none behind.
      const bytes = await file.arrayBuffer();
      ({ events } = await api.readInk(file.name, bytes));
    } catch (error) {
      this.status.error(error.message);
      return;
    } finally {
      this.button.disabled = false;
    }
    const sized = canvasSized(events);
    const name = await this.documents.openNew(documentNameForFile(file.name, 'ink'));
    if (!name) return;
    // The whole ink in sight from the first stroke, so the user watches each one read.
    this.viewport.fit(eventsBounds(sized.events));
    await this.#replayInto(name, file.name, sized);
  }

  async #replayInto(name, fileName, { events, factor }) {
    const scaled = factor === 1 ? '' : `, scaled ×${factor.toPrecision(2)} to about 1000 points across`;
    const replay = new Replay(this.session, events);
    this.#replay = replay;
    this.button.textContent = 'Stop reading';
    this.button.title = `Stop reading ${fileName}: what is read so far stays`;
    let result;
    try {
      result = await replay.run((count, answer) => {
        const progress = `Reading ${fileName}: stroke ${count} of ${events.length}${scaled}`;
        this.status.show(answer.message ? `${progress} · ${answer.message}` : progress);
      });
    } finally {
      this.#replay = null;
      this.button.textContent = this.openLabel;
      this.button.title = this.openTitle;
    }
    // The session has said why a stroke was refused; another document open now keeps its view.
    if (result.outcome === 'refused' || this.session.name !== name) return;
    this.zoom.fit();
    const made = `${counted(this.session.states.length, 'state')}, ${counted(this.session.transitions.length, 'transition')}`;
    if (result.outcome === 'stopped') {
      this.status.show(`Stopped reading ${fileName} after ${result.sent} of ${counted(events.length, 'stroke')}: ${made} in ${name}${scaled}.`);
    } else {
      this.status.show(`Read ${fileName} into ${name}: ${counted(events.length, 'stroke')}, ${made}${scaled}.`);
    }
  }
}
