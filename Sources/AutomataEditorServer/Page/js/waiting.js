// Symbols still open, as the server keeps them: a shaft drawn without its head (a transition
// whose `head` is "awaited", drawn dashed without an arrowhead until the next stroke settles
// it) and ink no element took yet (the document's `pending` texts and heads, drawn grey).
// The page only shows and says so; what they become is the server's to decide.

/** The points where waiting ink lies (texts where written, heads at their point), for fitting the view. */
export function waitingPoints(pending) {
  return [...(pending?.texts ?? []).map((written) => written.at), ...(pending?.heads ?? []).map((head) => head.apex)];
}
