// Symbols still open, as the server keeps them: a shaft drawn without its head (a transition
// whose `head` is "awaited", drawn dashed without an arrowhead until the next stroke settles
// it) and ink no element took yet (the document's `pending` texts and heads, drawn grey).
// The page only shows and says so; what they become is the server's to decide.

/** Said after the message while a shaft waits for its head. */
const OPEN_SHAFT_HINT = 'draw its head, or go on: it keeps the way it was drawn';

/** Whether a transition is a shaft whose head may still come. */
function awaitsHead(transition) {
  return transition.head === 'awaited';
}

/** The status line's text for an event's answer: its message, and the hint while a shaft waits for its head. */
export function messageWithHint(answer) {
  const transitions = answer.file?.document?.transitions ?? [];
  return transitions.some(awaitsHead) ? `${answer.message} · ${OPEN_SHAFT_HINT}` : answer.message;
}

/** The points where waiting ink lies (texts where written, heads at their point), for fitting the view. */
export function waitingPoints(pending) {
  return [...(pending?.texts ?? []).map((written) => written.at), ...(pending?.heads ?? []).map((head) => head.apex)];
}
