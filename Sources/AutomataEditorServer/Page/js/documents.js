// Documents: which one is open (the URL's ?doc=NAME), the list of all of them, new,
// open, rename, delete, and the download links of the open one.

import { api } from './api.js';
import { isValidName, vocabulary } from './vocabulary.js';

const DEFAULT_DOCUMENT = 'untitled';

function counted(count, noun) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The list in reading order: each document, then the results made from it (indented one more:
 * `depth`). A result whose source is gone, or that no chain of sources reaches, is at top level.
 */
function grouped(list) {
  const names = new Set(list.map((entry) => entry.name));
  const results = new Map(); // source name → entries made from it
  const tops = [];
  for (const entry of list) {
    const source = entry.origin?.source;
    if (source && source !== entry.name && names.has(source)) {
      if (!results.has(source)) results.set(source, []);
      results.get(source).push(entry);
    } else {
      tops.push(entry);
    }
  }
  const ordered = [];
  const placed = new Set();
  const place = (entry, depth) => {
    if (placed.has(entry.name)) return;
    placed.add(entry.name);
    ordered.push({ entry, depth });
    for (const result of results.get(entry.name) ?? []) place(result, depth + 1);
  };
  tops.forEach((entry) => place(entry, 0));
  list.forEach((entry) => place(entry, 0)); // a cycle of renamed sources: shown, not lost
  return ordered;
}

function urlFor(name) {
  const url = new URL(window.location.href);
  url.search = '';
  url.searchParams.set('doc', name);
  return url;
}

export class Documents extends EventTarget {
  /** The last list the server gave: [{name, states, transitions, modified, problem?, origin?}]. */
  list = [];

  constructor(elements, session, status) {
    super();
    Object.assign(this, elements); // title, listElement, newButton, renameButton, deleteButton, downloads
    this.session = session;
    this.status = status;
    this.newButton.addEventListener('click', () => this.createNew());
    this.renameButton.addEventListener('click', () => this.renameCurrent());
    this.deleteButton.addEventListener('click', () => this.deleteCurrent());
    window.addEventListener('popstate', () => this.#openFromURL());
    session.addEventListener('view', ({ detail }) => {
      if (detail.switched) {
        this.#showCurrent();
        // Said first; what switched (an algorithm, a rename) may say more after.
        this.status.show(`Opened ${detail.view.name}.`);
      }
      // Counts in the list follow the drawing; the list itself only changes with documents.
      this.#updateEntry(detail.view);
    });
  }

  /** Opens the document the URL names (or the default one), then fills the list. */
  async start() {
    await this.#openFromURL();
    await this.refresh();
  }

  async refresh() {
    try {
      const answer = await api.listDocuments();
      this.list = answer.documents ?? [];
    } catch (error) {
      this.status.error(error.message);
      return;
    }
    this.#renderList();
    this.dispatchEvent(new CustomEvent('list', { detail: { list: this.list } }));
  }

  /** Opens `name`, recording it in the browser's history unless `push` is false. */
  async switchTo(name, { push = true } = {}) {
    const view = await this.session.open(name);
    if (!view) return false;
    if (push) window.history.pushState({ doc: view.name }, '', urlFor(view.name));
    await this.refresh();
    return true;
  }

  /** Shows a view that came from elsewhere (an algorithm's result) as the open document. */
  async showResult(view) {
    this.session.adopt(view, { switched: true });
    window.history.pushState({ doc: view.name }, '', urlFor(view.name));
    await this.refresh();
  }

  /**
   * Opens a new, empty document named `base`, or base-2, base-3… when that is taken: never
   * one that exists. Resolves to its name, or null after showing the error.
   */
  async openNew(base) {
    await this.refresh();
    const taken = new Set(this.list.map((entry) => entry.name));
    let name = base;
    for (let count = 2; taken.has(name); count += 1) {
      const suffix = `-${count}`;
      name = base.slice(0, 64 - suffix.length) + suffix;
    }
    return (await this.switchTo(name)) ? name : null;
  }

  async createNew() {
    const name = this.#askName('Name of the new document (letters, digits, - and _):', '');
    if (!name) return;
    if (this.list.some((entry) => entry.name === name)) {
      this.status.error(`A document named ${name} already exists: pick it in the list to open it.`);
      return;
    }
    if (await this.switchTo(name)) this.status.show(`New document ${name}.`);
  }

  async renameCurrent() {
    const current = this.session.name;
    const name = this.#askName(`Rename ${current} to:`, current);
    if (!name || name === current) return;
    if (this.list.some((entry) => entry.name === name)) {
      this.status.error(`A document named ${name} already exists.`);
      return;
    }
    try {
      const view = await api.renameDocument(current, name);
      this.session.adopt(view, { switched: true, changed: false });
      window.history.replaceState({ doc: view.name }, '', urlFor(view.name));
      this.status.show(`Renamed ${current} to ${view.name}.`);
    } catch (error) {
      this.status.error(error.message);
    }
    await this.refresh();
  }

  async deleteCurrent() {
    const current = this.session.name;
    if (!window.confirm(`Delete ${current}? This cannot be undone.`)) return;
    try {
      await api.deleteDocument(current);
    } catch (error) {
      this.status.error(error.message);
      return;
    }
    await this.refresh();
    // Open another document, or a fresh default one when none is left.
    const next = this.list.find((entry) => !entry.problem)?.name ?? DEFAULT_DOCUMENT;
    const view = await this.session.open(next);
    if (view) window.history.replaceState({ doc: view.name }, '', urlFor(view.name));
    await this.refresh();
    this.status.show(`Deleted ${current}.`);
  }

  #askName(question, suggestion) {
    const answer = window.prompt(question, suggestion);
    if (answer === null) return null;
    const name = answer.trim();
    if (!isValidName(name)) {
      this.status.error(`“${name}” is not a document name: ${vocabulary.documentName.rule}.`);
      return null;
    }
    return name;
  }

  async #openFromURL() {
    const asked = new URL(window.location.href).searchParams.get('doc');
    let name = asked ?? DEFAULT_DOCUMENT;
    if (!isValidName(name)) name = DEFAULT_DOCUMENT;
    const view = await this.session.open(name);
    if (view && asked !== view.name) window.history.replaceState({ doc: view.name }, '', urlFor(view.name));
    if (asked !== null && asked !== name) {
      this.status.error(`“${asked}” is not a document name (${vocabulary.documentName.rule}): opened ${name} instead.`);
    }
  }

  #showCurrent() {
    const name = this.session.name;
    this.title.textContent = name;
    document.title = `${name} · Strokes`;
    for (const [format, link] of Object.entries(this.downloads)) {
      link.href = api.exportURL(name, format);
    }
    this.#renderList();
  }

  #updateEntry(view) {
    const entry = this.list.find((each) => each.name === view.name);
    const content = view.file?.document;
    if (!entry || !content) return;
    entry.states = content.states?.length ?? 0;
    entry.transitions = content.transitions?.length ?? 0;
    this.#renderList();
  }

  #renderList() {
    const current = this.session.name;
    const items = grouped(this.list).map(({ entry, depth }) => {
      const item = document.createElement('li');
      if (entry.name === current) item.className = 'current';
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.document = entry.name;
      if (depth > 0) {
        item.classList.add('result');
        item.dataset.source = entry.origin.source;
        item.style.setProperty('--depth', Math.min(depth, 4)); // deeper chains stop indenting
      }
      if (entry.origin) {
        const { operation, source, other } = entry.origin;
        button.title = `Made by ${operation} from ${source}${other ? ` with ${other}` : ''}`;
      }
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = entry.name;
      const counts = document.createElement('span');
      if (entry.problem) {
        counts.className = 'problem';
        counts.textContent = 'cannot be read';
        button.title = entry.problem;
      } else {
        counts.className = 'counts';
        counts.textContent = `${counted(entry.states, 'state')} · ${counted(entry.transitions, 'transition')}`;
      }
      button.append(name, counts);
      button.addEventListener('click', () => {
        // A file the server cannot read would only be refused: say why instead.
        if (entry.problem) this.status.error(`${entry.name}: ${entry.problem}`);
        else if (entry.name !== this.session.name) this.switchTo(entry.name);
      });
      item.append(button);
      return item;
    });
    if (items.length === 0) {
      const empty = document.createElement('li');
      empty.className = 'empty';
      empty.textContent = 'No documents yet.';
      items.push(empty);
    }
    this.listElement.replaceChildren(...items);
    // The open document stays in sight in a long list.
    const open = this.listElement.querySelector('.current');
    if (open) {
      const list = this.listElement;
      if (open.offsetTop < list.scrollTop || open.offsetTop + open.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = open.offsetTop - (list.clientHeight - open.offsetHeight) / 2;
      }
    }
  }
}
