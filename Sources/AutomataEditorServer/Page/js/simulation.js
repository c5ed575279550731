// Running a word: the verdict at once, then the trace step by step, the current set of
// states highlighted on the drawing. It starts at the last step (the result); ◀ goes back
// towards the start. A change to the document ends the simulation (its trace is stale).
// The word field belongs to its document: each keeps the word last typed for it, in this
// browser, across reloads.

import { api } from './api.js';
import { vocabulary } from './vocabulary.js';

export class Simulation {
  #trace = null;
  #step = 0;

  constructor(elements, session, drawing) {
    Object.assign(this, elements); // form, word, result, back, forward, counter, problems
    this.session = session;
    this.drawing = drawing;
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.run();
    });
    this.back.addEventListener('click', () => this.#show(this.#step - 1));
    this.forward.addEventListener('click', () => this.#show(this.#step + 1));
    this.word.addEventListener('input', () => rememberWord(this.session.name, this.word.value));
    session.addEventListener('view', ({ detail }) => {
      this.#showProblemsSoon(detail.view.problems ?? [], detail.switched);
      if (detail.switched) {
        this.word.value = rememberedWord(detail.view.name);
        this.#end('');
      } else if (detail.changed && this.#trace) this.#end('The drawing changed: run the word again.');
    });
  }

  async run() {
    const text = this.word.value.trim();
    rememberWord(this.session.name, this.word.value);
    if (!this.session.view) {
      this.#end();
      this.#say('problem', 'No document is open.');
      return;
    }
    const name = this.session.name;
    let outcome;
    try {
      outcome = await api.runWord(name, text);
    } catch (error) {
      this.#end();
      this.#say('problem', error.message);
      return;
    }
    if (name !== this.session.name) return;
    this.#showVerdict(outcome, text);
    this.#trace = outcome.trace ?? [];
    this.#show(this.#trace.length - 1);
  }

  #showVerdict(outcome, text) {
    this.result.replaceChildren();
    const verdict = outcome.accepted ? 'accepted' : 'rejected';
    const badge = document.createElement('span');
    badge.className = `verdict ${verdict}`;
    badge.textContent = verdict;
    this.result.append(badge);
    this.result.dataset.verdict = verdict;
    this.result.dataset.word = text;
    // As in JFLAP, no initial state or a symbol no transition reads is a rejection, with its note.
    const note = outcome.note ? `: ${outcome.note}` : '';
    this.result.append(`${text || vocabulary.words.epsilon} is ${verdict}${note}`);
  }

  #say(kind, text) {
    this.result.replaceChildren();
    delete this.result.dataset.verdict;
    delete this.result.dataset.word;
    if (!text) return;
    const line = document.createElement('span');
    line.className = kind;
    line.textContent = text;
    this.result.append(line);
  }

  #show(step) {
    const trace = this.#trace;
    if (!trace || trace.length === 0) return;
    this.#step = Math.max(0, Math.min(trace.length - 1, step));
    const current = trace[this.#step];
    this.drawing.highlight(current.states ?? []);
    const read = trace.slice(1, this.#step + 1).map((each) => each.symbol);
    const where = read.length > 0 ? `after ${read.join(' ')}` : 'at the start';
    const names = current.stateNames ?? [];
    this.counter.replaceChildren(`${this.#step}/${trace.length - 1} ${where} `);
    const states = document.createElement('span');
    states.className = 'states';
    states.textContent = names.length > 0 ? `{${names.join(', ')}}` : '{} stuck';
    this.counter.append(states);
    this.counter.dataset.step = String(this.#step);
    this.back.disabled = this.#step === 0;
    this.forward.disabled = this.#step === trace.length - 1;
  }

  /** Ends the simulation: no highlight, no steps; `note` (if any) replaces the result. */
  #end(note) {
    this.#trace = null;
    this.drawing.highlight([]);
    this.counter.replaceChildren();
    delete this.counter.dataset.step;
    this.back.disabled = true;
    this.forward.disabled = true;
    if (note !== undefined) this.#say('stale', note);
  }

  /** How long the drawing must rest before its problems are said, in milliseconds. */
  static problemPause = 1500;
  #problemsTimer = null;

  /** A document just opened shows its problems at once; while drawing they wait for a pause
   * (an arrow drawn is unlabelled until its label comes: no warning in between). */
  #showProblemsSoon(problems, now) {
    clearTimeout(this.#problemsTimer);
    if (now) this.#showProblems(problems);
    else this.#problemsTimer = setTimeout(() => this.#showProblems(problems), Simulation.problemPause);
  }

  #showProblems(problems) {
    this.problems.replaceChildren(...problems.map((problem) => {
      const item = document.createElement('li');
      item.textContent = problem;
      return item;
    }));
  }
}

// Words are kept in localStorage by document name; a browser that refuses storage just forgets them.
const wordKey = (name) => `strokes.word.${name}`;

function rememberWord(name, word) {
  try {
    if (word) localStorage.setItem(wordKey(name), word);
    else localStorage.removeItem(wordKey(name));
  } catch { /* storage refused: the word lives as long as the page */ }
}

function rememberedWord(name) {
  try {
    return localStorage.getItem(wordKey(name)) ?? '';
  } catch {
    return '';
  }
}
