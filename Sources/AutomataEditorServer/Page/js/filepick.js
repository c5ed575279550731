// Files the user picks to open (.jff, .inkml): one hidden file input per kind, and the one
// size limit the server keeps for uploads, said here without sending the file.

const MAX_BYTES = 1024 * 1024;

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
  if (file.size <= MAX_BYTES) return false;
  status.error(`${file.name} is over 1 MiB: only ${extension} files up to 1 MiB can be opened.`);
  return true;
}
