// Opening a JFLAP file (.jff): the server reads it into a new document, named after the
// file (name-2, name-3… when taken), which is opened in place as an algorithm's result is.

import { api } from './api.js';
import { documentNameForFile } from './vocabulary.js';
import { isTooLarge, onFilePicked } from './filepick.js';

export class JFLAPImport {
  constructor(elements, documents, status) {
    Object.assign(this, elements); // button, input (a hidden file input)
    this.documents = documents;
    this.status = status;
    this.button.addEventListener('click', () => this.input.click());
    onFilePicked(this.input, (file) => this.open(file));
  }

  async open(file) {
    if (isTooLarge(file, '.jff', this.status)) return;
    this.button.disabled = true;
    try {
      // Read first: a file gone since it was picked is said as such, not as a network error.
      const bytes = await file.arrayBuffer();
      const answer = await api.importJFLAP(documentNameForFile(file.name), file.name, bytes);
      await this.documents.showResult(answer.view);
      // After showResult, which says "Opened …": what the import changed matters more.
      this.status.show([answer.message ?? `Opened ${answer.name}.`, ...(answer.notes ?? [])].join(' · '));
    } catch (error) {
      this.status.error(error.message);
    } finally {
      this.button.disabled = false;
    }
  }
}
