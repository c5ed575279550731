// The canvas's mode: draw, erase or move. The buttons show which one is on (aria-pressed),
// and the body's class lets the style change the cursor.

const MODES = ['draw', 'erase', 'move'];

export class ModeSwitch extends EventTarget {
  #mode = 'draw';

  constructor(buttons) {
    super();
    this.buttons = buttons;
    for (const button of buttons) {
      button.addEventListener('click', () => this.set(button.dataset.mode));
    }
    this.set('draw');
  }

  get current() {
    return this.#mode;
  }

  set(mode) {
    if (!MODES.includes(mode)) return;
    this.#mode = mode;
    for (const button of this.buttons) {
      button.setAttribute('aria-pressed', String(button.dataset.mode === mode));
    }
    for (const each of MODES) document.body.classList.toggle(`mode-${each}`, each === mode);
    this.dispatchEvent(new CustomEvent('change', { detail: { mode } }));
  }
}
