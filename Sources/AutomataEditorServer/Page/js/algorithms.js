// The algorithms panel: an operation on the open document (with another one for union,
// intersection and equivalence). The result is a new document, opened in place; equivalence
// makes none: its verdict is shown here, under the button.

import { api } from './api.js';
import { vocabulary } from './vocabulary.js';

export class AlgorithmsPanel {
  /** Called with a word the verdict names (as typed: ε for the empty word), to run it. */
  onPick = null;

  constructor(elements, session, documents, status) {
    Object.assign(this, elements); // operation, other, otherField, apply, result
    this.operation.replaceChildren(...vocabulary.operations.map((operation) => {
      const option = new Option(operation.title, operation.name);
      option.title = operation.summary;
      return option;
    }));
    this.session = session;
    this.documents = documents;
    this.status = status;
    this.operation.addEventListener('change', () => this.#updateOther());
    this.apply.addEventListener('click', () => this.run());
    documents.addEventListener('list', ({ detail }) => this.#fillOther(detail.list));
    session.addEventListener('view', ({ detail }) => {
      if (detail.switched) {
        this.#fillOther(documents.list);
        this.#say(); // a verdict or message was about the document left
      } else if (detail.changed) {
        this.result.classList.add('stale'); // the drawing changed since the verdict
      }
    });
    this.#updateOther();
  }

  get #isBinary() {
    return vocabulary.operations.find((operation) => operation.name === this.operation.value)?.takesSecond ?? false;
  }

  async run() {
    const operation = this.operation.value;
    const other = this.#isBinary ? this.other.value : undefined;
    if (this.#isBinary && !other) {
      this.#say('Pick the other document first.');
      return;
    }
    const source = this.session.name;
    this.apply.disabled = true;
    try {
      const answer = await api.runAlgorithm(source, operation, other);
      if (operation === 'equivalence') {
        this.#showVerdict(answer, source, other);
        return;
      }
      await this.documents.showResult(answer.view);
      this.#say(answer.message ?? `Made ${answer.name}.`); // after the switch, which clears the panel
      this.status.show(answer.message ?? `Opened ${answer.name}.`);
    } catch (error) {
      this.#say(error.message);
      this.status.error(error.message);
    } finally {
      this.apply.disabled = false;
    }
  }

  /**
   * "Equivalent", or "They differ on w: A accepts it, B does not" with w a button that runs
   * it in "Run a word" (on the open document, one of the two).
   */
  #showVerdict(answer, source, other) {
    const badge = document.createElement('span');
    badge.className = `verdict ${answer.equivalent ? 'equivalent' : 'differ'}`;
    badge.textContent = answer.equivalent ? 'Equivalent' : 'Not equivalent';
    if (answer.equivalent) {
      this.#say(badge, ` ${source} and ${other} accept the same words.`);
      this.status.show(`${source} and ${other} are equivalent.`);
      return;
    }
    const shown = answer.counterexample === '' ? vocabulary.words.epsilon : answer.counterexample;
    const word = document.createElement('button');
    word.type = 'button';
    word.className = 'counterexample';
    word.textContent = shown;
    word.title = `Run ${shown} on ${this.session.name}, step by step`;
    word.addEventListener('click', () => this.onPick?.(shown));
    const rejectedBy = answer.acceptedBy === source ? other : source;
    const why = `: ${answer.acceptedBy} accepts it, ${rejectedBy} does not.`;
    this.#say(badge, ' They differ on ', word, why, ...this.#feedback(answer, source, other));
    this.status.show(`Not equivalent: they differ on ${shown}${why}`);
  }

  /**
   * What teaches more than "they differ" (for the open document, the other taken as meant):
   * the shortest word the other way round, the share of short words it gets right, and one
   * change that would make it equivalent.
   */
  #feedback(answer, source, other) {
    const lines = [];
    const epsilon = (word) => (word === '' ? vocabulary.words.epsilon : word);
    // The verdict named the first word; the other direction's first word is news.
    const otherWay = answer.acceptedBy === source ? answer.onlySecond : answer.onlyFirst;
    if (otherWay !== undefined) {
      const [accepting, rejecting] = answer.acceptedBy === source ? [other, source] : [source, other];
      lines.push(`The other way: ${accepting} accepts ${epsilon(otherWay)}, ${rejecting} does not.`);
    }
    if (answer.share !== undefined) {
      const percent = Math.floor(answer.share * 1000) / 10;
      lines.push(`${source} agrees with ${other} on ${percent}% of the words up to length 8.`);
    }
    if (answer.hint) lines.push(`Hint for ${source}: ${answer.hint}.`);
    return lines.map((line) => {
      const span = document.createElement('span');
      span.className = 'feedback';
      span.textContent = line;
      return span;
    });
  }

  #say(...parts) {
    this.result.classList.remove('stale');
    this.result.replaceChildren(...parts);
  }

  #fillOther(list) {
    const previous = this.other.value;
    const names = list.filter((entry) => !entry.problem).map((entry) => entry.name);
    this.other.replaceChildren(...names.map((name) => new Option(name, name)));
    // Keep the user's pick; else suggest a document other than the open one.
    this.other.value = names.includes(previous) ? previous : (names.find((name) => name !== this.session.name) ?? names[0] ?? '');
  }

  #updateOther() {
    this.other.disabled = !this.#isBinary;
    this.otherField.classList.toggle('disabled', !this.#isBinary);
  }
}
