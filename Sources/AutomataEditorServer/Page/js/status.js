// The status line under the canvas: the server's messages and any error, one at a time.
// A message clears itself after a while (an error stays longer), so what it says is never
// older than what the student did last.

export class StatusLine {
  /** How long a message and an error stay, in milliseconds. */
  static messageTime = 8000;
  static errorTime = 15000;
  #clearing = null;

  constructor(element) {
    this.element = element;
  }

  show(message) {
    this.#set(message ?? '', false, StatusLine.messageTime);
  }

  error(message) {
    this.#set(message, true, StatusLine.errorTime);
  }

  #set(text, isError, time) {
    clearTimeout(this.#clearing);
    this.element.textContent = text;
    this.element.classList.toggle('error', isError);
    if (text) this.#clearing = setTimeout(() => this.#set('', false, 0), time);
  }
}
