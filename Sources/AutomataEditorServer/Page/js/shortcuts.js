// Keyboard shortcuts: d, e, m for the modes; Ctrl/Cmd-Z to undo; Shift-Ctrl/Cmd-Z or Ctrl-Y
// to redo. None of them while typing in a field.

function isTyping(target) {
  return target instanceof HTMLElement
    && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

export function installShortcuts({ modes, undo }) {
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
    if (event.altKey || event.shiftKey || command) return;
    const mode = { d: 'draw', e: 'erase', m: 'move' }[key];
    if (mode) {
      modes.set(mode);
      event.preventDefault();
    }
  });
}
