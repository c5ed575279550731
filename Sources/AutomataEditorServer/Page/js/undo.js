// Undo and redo: two buttons, enabled as the view's canUndo and canRedo say.

export class UndoControls {
  constructor(undoButton, redoButton, session) {
    this.undoButton = undoButton;
    this.redoButton = redoButton;
    this.session = session;
    undoButton.addEventListener('click', () => this.undo());
    redoButton.addEventListener('click', () => this.redo());
    session.addEventListener('view', ({ detail }) => this.#update(detail.view));
  }

  // Keys send even when the last view said there is nothing to undo: an answer may be on
  // its way that changes that, and otherwise the server just says "nothing to undo".
  undo() {
    this.session.send({ undo: true });
  }

  redo() {
    this.session.send({ redo: true });
  }

  #update(view) {
    this.undoButton.disabled = !view.canUndo;
    this.redoButton.disabled = !view.canRedo;
  }
}
