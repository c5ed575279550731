// Regular expressions both ways: "From expression…" makes a new document from a typed
// expression (opened as an algorithm's result is); "Show expression" says the open document's
// language as an expression, in the algorithms panel.

import { api } from './api.js';

const ASK = 'A regular expression, e.g. (ab)*+c\n(+ or | for union, * for repetition, ! or ε for the empty word)';

export class Expressions {
  constructor(elements, session, documents, status) {
    Object.assign(this, elements); // fromButton, showButton, result
    this.session = session;
    this.documents = documents;
    this.status = status;
    this.fromButton.addEventListener('click', () => this.fromExpression());
    this.showButton.addEventListener('click', () => this.show());
  }

  async fromExpression() {
    const typed = window.prompt(ASK, '');
    if (typed === null || typed.trim() === '') return;
    this.fromButton.disabled = true;
    try {
      const answer = await api.fromExpression(typed);
      await this.documents.showResult(answer.view);
      this.status.show(answer.message ?? `Opened ${answer.name}.`);
    } catch (error) {
      this.status.error(error.message);
    } finally {
      this.fromButton.disabled = false;
    }
  }

  async show() {
    const name = this.session.name;
    try {
      const { expression } = await api.expressionOf(name);
      const shown = document.createElement('code');
      shown.className = 'expression';
      shown.textContent = expression;
      const words = expression === '∅' ? ' (it accepts no word)' : '';
      this.result.classList.remove('stale');
      this.result.replaceChildren(`${name} accepts `, shown, `${words}.`);
    } catch (error) {
      this.status.error(error.message);
    }
  }
}
