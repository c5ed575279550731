// Replays a drawing's events on the open document, one at a time through the session (the
// same route and queue as the pen's strokes), a frame apart so that each answer is drawn
// before the next event goes: the user sees the drawing read stroke by stroke.

/** Resolves at the next frame the browser paints. */
function nextFrame() {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

export class Replay {
  #stopped = false;

  /** `events`: drawing events as the events route takes them; they go to the document open now. */
  constructor(session, events) {
    this.session = session;
    this.events = events;
    this.document = session.name;
  }

  /** Stops before the next event (the one on its way is still read). */
  stop() {
    this.#stopped = true;
  }

  /**
   * Sends the events in order; `onEvent(count, answer)` after each answer. Resolves to
   * {sent, outcome}: 'done'; 'stopped' (asked to, or another document was opened, which the
   * rest must not go to); 'refused' (the server refused one, and the session said why).
   */
  async run(onEvent = () => {}) {
    let sent = 0;
    for (const event of this.events) {
      if (this.#stopped || this.session.name !== this.document) return { sent, outcome: 'stopped' };
      const answer = await this.session.send(event);
      if (!answer) return { sent, outcome: 'refused' };
      sent += 1;
      onEvent(sent, answer);
      await nextFrame();
    }
    return { sent, outcome: 'done' };
  }
}
