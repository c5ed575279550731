// Keyboard shortcuts: d, e, m for the modes; Ctrl/Cmd-Z to undo; Shift-Ctrl/Cmd-Z or Ctrl-Y
// to redo; f fits the drawing, 0 is 100%, + and - zoom. None of them while typing in a field.

export function isTyping(target) {
  return target instanceof HTMLElement
    && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

export function installShortcuts({ modes, undo, zoom }) {
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || isTyping(event.target)) return;
    const key = event.key.toLowerCase();
    const command = event.ctrlKey || event.metaKey;
    if (command && !event.altKey) {
      if (key === 'z' && !event.shiftKey) undo.undo();
      else if ((key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey)) undo.redo();
      else return;
      event.preventDefault();
      return;
    }
    if (event.altKey || command) return;
    const mode = event.shiftKey ? undefined : { d: 'draw', e: 'erase', m: 'move' }[key];
    // + takes Shift on most keyboards; = is the same key without it.
    const view = { f: 'fit', 0: 'actualSize', '+': 'zoomIn', '=': 'zoomIn', '-': 'zoomOut' }[key];
    if (mode) modes.set(mode);
    else if (view) zoom[view]();
    else return;
    event.preventDefault();
  });
}
