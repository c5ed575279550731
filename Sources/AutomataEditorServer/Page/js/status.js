// The status line under the canvas: the server's messages and any error, one at a time.

export class StatusLine {
  constructor(element) {
    this.element = element;
  }

  show(message) {
    this.element.textContent = message ?? '';
    this.element.classList.remove('error');
  }

  error(message) {
    this.element.textContent = message;
    this.element.classList.add('error');
  }
}
