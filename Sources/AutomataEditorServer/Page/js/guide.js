// The first-run guide: a few cards in a corner of the canvas, one at a time, with Next, Back
// and Skip. It opens by itself on the first visit and from the Help button at any time. It
// is not modal: the canvas stays free, so each step can be tried while its card is open.
// It keeps its one fact, "seen", in this browser's localStorage and sends nothing anywhere.

import { isTyping } from './shortcuts.js';

const SEEN_KEY = 'strokes.guide.seen';

export class Guide {
  #index = 0;
  /** What had the focus before the guide took it: it gets it back when the guide closes. */
  #returnFocus = null;
  #onKey = (event) => this.#closeOnEscape(event);

  constructor({ dialog, steps, progress, back, next, skip, help }) {
    this.dialog = dialog;
    this.steps = steps;
    this.progress = progress;
    this.backButton = back;
    this.nextButton = next;
    back.addEventListener('click', () => this.#show(this.#index - 1));
    next.addEventListener('click', () => this.#next());
    skip.addEventListener('click', () => this.close());
    help.addEventListener('click', () => this.open());
  }

  get isOpen() {
    return !this.dialog.hidden;
  }

  /** Opens the guide on the first visit only (seen, skipped or finished: never again by itself). */
  openIfNew() {
    if (!Guide.#wasSeen()) this.open();
  }

  open() {
    if (!this.isOpen) {
      this.#returnFocus = document.activeElement;
      document.addEventListener('keydown', this.#onKey);
    }
    this.dialog.hidden = false;
    this.#show(0);
    this.dialog.focus();
  }

  close() {
    if (!this.isOpen) return;
    this.dialog.hidden = true;
    document.removeEventListener('keydown', this.#onKey);
    Guide.#rememberSeen();
    // Back where the student was (the Help button, most often), unless that is gone.
    if (this.#returnFocus?.isConnected && this.#returnFocus !== document.body) this.#returnFocus.focus();
    this.#returnFocus = null;
  }

  #next() {
    if (this.#index === this.steps.length - 1) this.close();
    else this.#show(this.#index + 1);
  }

  #show(index) {
    this.#index = Math.min(Math.max(index, 0), this.steps.length - 1);
    this.steps.forEach((step, each) => {
      step.hidden = each !== this.#index;
    });
    const last = this.#index === this.steps.length - 1;
    this.progress.textContent = `${this.#index + 1} of ${this.steps.length}`;
    this.nextButton.textContent = last ? 'Done' : 'Next';
    // A disabled button drops the focus: Back pressed to the first card hands it to Next.
    const first = this.#index === 0;
    if (first && document.activeElement === this.backButton) this.nextButton.focus();
    this.backButton.disabled = first;
  }

  // Escape closes the guide, but not when it was meant for something else: a label field
  // being cancelled (it handles the key first) or any other field being typed in.
  #closeOnEscape(event) {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (isTyping(event.target) && !this.dialog.contains(event.target)) return;
    event.preventDefault();
    this.close();
  }

  // Storage may be refused (a private window, a policy): then the guide simply shows again.
  static #wasSeen() {
    try {
      return localStorage.getItem(SEEN_KEY) === 'yes';
    } catch {
      return false;
    }
  }

  static #rememberSeen() {
    try {
      localStorage.setItem(SEEN_KEY, 'yes');
    } catch {
      // Nothing to do: the guide will show on the next visit too.
    }
  }
}
