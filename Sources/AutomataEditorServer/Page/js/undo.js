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

  undo() {
    // Checked here too, for the keyboard: asking with nothing to undo would only be refused.
    if (this.session.view?.canUndo) this.session.send({ undo: true });
  }

  redo() {
    if (this.session.view?.canRedo) this.session.send({ redo: true });
  }

  #update(view) {
    this.undoButton.disabled = !view.canUndo;
    this.redoButton.disabled = !view.canRedo;
  }
}
