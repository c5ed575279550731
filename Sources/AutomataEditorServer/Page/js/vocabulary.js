// What the server's core decides and the page must know (GET /api/vocabulary): the
// algorithms, the shape classes and what Teach offers, the document-name rule, the upload limit and how a typed
// word splits into symbols. Loaded once, before the page is wired; the page keeps no copy.

import { api } from './api.js';

/** The vocabulary, once `loadVocabulary` has resolved. */
export let vocabulary = null;

export async function loadVocabulary() {
  vocabulary = await api.vocabulary();
  return vocabulary;
}

/** Whether `name` may name a document. */
export function isValidName(name) {
  return new RegExp(vocabulary.documentName.pattern).test(name);
}

/** A document name from a file's name: `even ones.jff` → `even-ones`; `fallback` when nothing is left. */
export function documentNameForFile(fileName, fallback = 'imported') {
  const { allowedCharacters, maximumLength } = vocabulary.documentName;
  const name = fileName
    .replace(/\.[^.]*$/, '')
    .replace(new RegExp(`[^${allowedCharacters}]`, 'g'), '-')
    .slice(0, maximumLength);
  return name || fallback;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The word's symbols as the server reads them: `0110` is four, `ab,c` two, `ε` or nothing none.
 * (The page sends words as typed; the browser test checks this split against the server's.) */
export function symbolsOf(text) {
  const { empty, separator } = vocabulary.words;
  if (empty.includes(text)) return [];
  if (text.includes(separator)) return text.split(separator).map((symbol) => symbol.trim());
  return Array.from(graphemes.segment(text), (piece) => piece.segment);
}
