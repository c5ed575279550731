// Test words: a test set (a word a line with its expected verdict) run against the open
// document at once, a row per word saying whether it passed. Each document keeps its own
// set (saved with it as it is typed, so a reload or another document loses nothing); a
// change to the drawing makes the results stale. A row's word can be run in "Run a word"
// to step through why.

import { api } from './api.js';
import { vocabulary } from './vocabulary.js';

export class WordTests {
  /** Called with a row's word (main.js runs it in the simulation). */
  onPick = null;

  constructor(elements, session, status) {
    Object.assign(this, elements); // text, button, summary, list
    this.session = session;
    this.status = status;
    this.button.addEventListener('click', () => this.run());
    // Ctrl+Enter (⌘Enter) runs the set from the keyboard; Enter alone is a new line.
    this.text.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      this.run();
    });
    this.text.addEventListener('input', () => this.#saveSoon());
    this.text.addEventListener('change', () => this.#saveNow()); // leaving the field saves at once
    session.addEventListener('view', ({ detail }) => {
      if (detail.switched) this.#open(detail.view);
      else if (detail.changed && this.list.childElementCount > 0) this.#stale();
    });
  }

  /** Pause after typing before the set is saved, in milliseconds. */
  static saveDelay = 500;
  #saving = null;

  /** Another document is open: its own set, and no results yet. */
  #open(view) {
    this.#saveNow();
    this.text.value = view.file?.document?.testSet ?? '';
    this.#clear();
  }

  #saveSoon() {
    clearTimeout(this.#saving?.timer);
    const pending = { name: this.session.name, text: this.text.value };
    pending.timer = setTimeout(() => this.#saveNow(), WordTests.saveDelay);
    this.#saving = pending;
  }

  /** Saves what waits to be saved, under the document it was typed for. */
  #saveNow() {
    const pending = this.#saving;
    if (!pending) return;
    clearTimeout(pending.timer);
    this.#saving = null;
    api.saveTests(pending.name, pending.text).catch((error) => this.status.error(error.message));
  }

  async run() {
    const tests = this.text.value;
    if (!tests.trim()) {
      this.#say('problem', 'Write the test set first: a word a line and its verdict, as in “0110 accept”.');
      return;
    }
    const name = this.session.name;
    this.button.disabled = true;
    // Running saves the set too.
    clearTimeout(this.#saving?.timer);
    this.#saving = null;
    try {
      const answer = await api.runTests(name, tests);
      // The user may have opened another document meanwhile: these results are not its.
      if (name !== this.session.name) return;
      this.#show(answer);
      this.status.show(`${name}: ${answer.summary}.`);
    } catch (error) {
      this.#clear();
      this.#say('problem', error.message);
      this.status.error(error.message);
    } finally {
      this.button.disabled = false;
    }
  }

  #show(answer) {
    const allPassed = answer.passed === answer.total;
    this.#say(allPassed ? 'pass' : 'fail', answer.summary);
    this.summary.dataset.passed = String(answer.passed);
    this.summary.dataset.total = String(answer.total);
    this.list.classList.remove('stale');
    this.list.replaceChildren(...(answer.results ?? []).map((result) => this.#row(result)));
  }

  #row(result) {
    const shown = result.word === '' ? vocabulary.words.epsilon : result.word;
    const item = document.createElement('li');
    item.dataset.word = result.word;
    item.dataset.passed = String(result.passed);
    const mark = document.createElement('span');
    mark.className = `mark ${result.passed ? 'pass' : 'fail'}`;
    mark.textContent = result.passed ? '✓' : '✗';
    mark.title = result.passed ? 'passed' : 'failed';
    const word = document.createElement('button');
    word.type = 'button';
    word.className = 'word';
    word.textContent = shown;
    word.title = `Line ${result.line}: run ${shown} step by step`;
    word.addEventListener('click', () => this.onPick?.(shown));
    item.append(mark, word);
    // A rejection's note (no initial state, a symbol no transition reads) is said even on a pass.
    const got = `${result.accepted ? 'accepted' : 'rejected'}${result.note ? `: ${result.note}` : ''}`;
    if (!result.passed || result.note) {
      const why = document.createElement('span');
      why.className = 'why';
      why.textContent = result.passed ? got : `expected ${result.expected}, got ${got}`;
      item.append(why);
    }
    return item;
  }

  /** The drawing changed since the run: the rows stay, dimmed, to fix the failures by. */
  #stale() {
    this.list.classList.add('stale');
    this.#say('stale', 'The drawing changed: run the tests again.');
  }

  #clear() {
    this.list.replaceChildren();
    this.list.classList.remove('stale');
    this.#say();
  }

  #say(kind, text) {
    delete this.summary.dataset.passed;
    delete this.summary.dataset.total;
    this.summary.className = `tests-summary${kind ? ` ${kind}` : ''}`;
    this.summary.textContent = text ?? '';
  }
}
