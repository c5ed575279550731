// Files the user picks to open (.jff, .inkml): one hidden file input per kind, and the one
// size limit the server keeps for uploads (from the vocabulary), said here without sending
// the file.

import { vocabulary } from './vocabulary.js';

/** Calls `open(file)` when the user picks a file in `input`. The input is cleared, so that
 *  picking the same file again (after fixing it) is a change too. */
export function onFilePicked(input, open) {
  input.addEventListener('change', () => {
    const [file] = input.files;
    input.value = '';
    if (file) open(file);
  });
}

/** True, and said on the status line, when `file` is over the server's limit. */
export function isTooLarge(file, extension, status) {
  const limit = vocabulary.uploadLimit;
  if (file.size <= limit) return false;
  const size = limit % 1048576 === 0 ? `${limit / 1048576} MiB` : `${limit} bytes`;
  status.error(`${file.name} is over ${size}: only ${extension} files up to ${size} can be opened.`);
  return true;
}
