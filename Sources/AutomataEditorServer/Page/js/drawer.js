// Below 900 px wide (a small laptop window, an iPad held upright) the side panel (documents,
// run a word, test words, algorithms) folds into a drawer over the right of the canvas, so the
// canvas keeps the whole width. The Panels button in the toolbar opens and closes it; Escape
// closes it. The panel is only hidden, never rebuilt, so nothing typed in it is lost. At
// 900 px and wider style.css shows the panel beside the canvas, and the drawer is not used.

/** The same width as the media query of the drawer's section in style.css. */
const NARROW = window.matchMedia('(max-width: 899.98px)');

export class Drawer {
  constructor({ button, panel }) {
    this.button = button;
    this.panel = panel;
    button.addEventListener('click', () => (this.isOpen ? this.close() : this.open()));
    document.addEventListener('keydown', (event) => this.#closeOnEscape(event));
    // Grown wide, the panel stands beside the canvas: a drawer left open would come back
    // open on the next narrowing, unasked.
    NARROW.addEventListener('change', () => {
      if (!NARROW.matches) this.#setOpen(false);
    });
    this.#setOpen(false);
  }

  get isOpen() {
    return document.body.classList.contains('drawer-open');
  }

  open() {
    this.#setOpen(true);
    // The focus goes in, so the keyboard (Tab, Escape) works in the drawer at once.
    this.panel.focus({ preventScroll: true });
  }

  close() {
    const focusWasInside = this.panel.contains(document.activeElement);
    this.#setOpen(false);
    if (focusWasInside) this.button.focus();
  }

  #setOpen(open) {
    document.body.classList.toggle('drawer-open', open);
    this.button.setAttribute('aria-expanded', String(open));
  }

  // Escape closes the drawer when it was meant for it: the focus in the drawer, on its
  // button or nowhere in particular. The guide and a label field on the canvas have their
  // own Escape.
  #closeOnEscape(event) {
    if (event.key !== 'Escape' || event.defaultPrevented || !this.isOpen) return;
    const target = event.target;
    if (target !== document.body && target !== this.button && !this.panel.contains(target)) return;
    event.preventDefault();
    this.close();
  }
}
