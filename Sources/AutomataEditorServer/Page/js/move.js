// Move mode: press on a state and drag it. While dragging, the server draws previews (one
// request in flight at a time, always for the latest position) so the state's transitions
// follow it; on release one move event makes it so.

import { api } from './api.js';
import { distance, rounded, stateAt } from './geometry.js';

/** Less travel than this (canvas points) is a click, not a move. */
const MIN_MOVE = 3;

export class StateDragger {
  constructor(session, drawing) {
    this.session = session;
    this.drawing = drawing;
  }

  /** The drag gesture for a press at `start`, or null when no state is there. */
  gesture(start) {
    const state = stateAt(start, this.session.states);
    if (!state) return null;
    const name = this.session.name;
    // The state keeps where it was grabbed under the pointer.
    const grab = [state.center.x - start[0], state.center.y - start[1]];
    let target = [state.center.x, state.center.y];
    let inFlight = false;
    let wanted = false;
    let over = false;
    document.body.classList.add('dragging');
    // The grabbed state shows it is held, in the drawing and in every preview.
    const markHeld = () => {
      for (const element of this.drawing.group.querySelectorAll(`circle[data-state="${state.id}"]`)) {
        element.classList.add('dragging');
      }
    };
    markHeld();

    const requestPreview = async () => {
      if (inFlight) {
        wanted = true;
        return;
      }
      inFlight = true;
      try {
        const answer = await api.previewMove(name, state.id, target);
        if (!over) {
          this.drawing.show(answer.svg);
          markHeld();
        }
      } catch (error) {
        this.session.status.error(error.message);
      }
      inFlight = false;
      if (wanted && !over) {
        wanted = false;
        requestPreview();
      }
    };

    const finish = () => {
      over = true;
      document.body.classList.remove('dragging');
    };

    return {
      move: (point) => {
        target = rounded([point[0] + grab[0], point[1] + grab[1]]);
        requestPreview();
      },
      end: (point) => {
        target = rounded([point[0] + grab[0], point[1] + grab[1]]);
        finish();
        if (distance(target, [state.center.x, state.center.y]) < MIN_MOVE) {
          this.drawing.show(this.session.view.svg);
          return;
        }
        this.session.send({ move: state.id, to: target }).then((answer) => {
          // Refused: the drawing goes back to what the document says.
          if (!answer && this.session.view) this.drawing.show(this.session.view.svg);
        });
      },
      cancel: () => {
        finish();
        this.drawing.show(this.session.view.svg);
      },
    };
  }
}
