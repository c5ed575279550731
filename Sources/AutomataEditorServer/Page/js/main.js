// Wires the editor page together: one module per job, connected here.

import { AlgorithmsPanel } from './algorithms.js';
import { Canvas } from './canvas.js';
import { Documents } from './documents.js';
import { Drawer } from './drawer.js';
import { EndDragger } from './ends.js';
import { Expressions } from './expressions.js';
import { drawingBounds } from './geometry.js';
import { Guide } from './guide.js';
import { InkMLImport } from './inkml.js';
import { JFLAPImport } from './jflap.js';
import { LabelEditor } from './labels.js';
import { ModeSwitch } from './modes.js';
import { StateDragger } from './move.js';
import { PNGDownload } from './png.js';
import { Navigation } from './navigation.js';
import { refitOnResize } from './refit.js';
import { DrawingLayer } from './render.js';
import { Session } from './session.js';
import { installShortcuts } from './shortcuts.js';
import { Simulation } from './simulation.js';
import { StatusLine } from './status.js';
import { StrokeInput } from './strokes.js';
import { Teach } from './teach.js';
import { WordTests } from './tests.js';
import { WordCorrection } from './words.js';
import { UndoControls } from './undo.js';
import { Viewport } from './viewport.js';
import { loadVocabulary } from './vocabulary.js';
import { waitingPoints } from './waiting.js';
import { ZoomControls } from './zoom.js';

const byID = (id) => document.getElementById(id);

const status = new StatusLine(byID('status'));
// The menus, Teach buttons and checks are built from the server's vocabulary: nothing is
// wired before it is here.
try {
  await loadVocabulary();
} catch (error) {
  status.error(`The editor could not start: ${error.message}`);
  throw error;
}
const session = new Session(status);
const drawing = new DrawingLayer(byID('drawing'), status);
const viewport = new Viewport(byID('canvas'), byID('canvas-wrap'));
const canvas = new Canvas(byID('canvas'), byID('ink'), viewport);
const navigation = new Navigation(byID('canvas'), viewport, canvas);
canvas.claimPress = (event) => navigation.claims(event);
const modes = new ModeSwitch(Array.from(document.querySelectorAll('[data-mode]')));
const teach = new Teach(byID('teach'), session, drawing, status);
const strokes = new StrokeInput(canvas, session, teach);
const dragger = new StateDragger(session, drawing);
const endDragger = new EndDragger(session, byID('ink'));
const labels = new LabelEditor(byID('canvas-wrap'), viewport, session, drawing, status);
const words = new WordCorrection(session, labels, status);
const undo = new UndoControls(byID('undo'), byID('redo'), session);
const bounds = () => drawingBounds(session.states, session.transitions, waitingPoints(session.pending));
const zoom = new ZoomControls({
  readout: byID('zoom-readout'),
  zoomIn: byID('zoom-in'),
  zoomOut: byID('zoom-out'),
  fit: byID('zoom-fit'),
}, viewport, bounds);
refitOnResize(byID('canvas'), viewport, zoom, bounds);
// Under 900 px wide the side panel is a drawer, opened from the toolbar.
new Drawer({ button: byID('panels-toggle'), panel: byID('side-panel') });

const simulation = new Simulation({
  form: byID('run-form'),
  word: byID('word'),
  result: byID('result'),
  back: byID('step-back'),
  forward: byID('step-forward'),
  counter: byID('step-counter'),
  problems: byID('problems'),
}, session, drawing);

const documents = new Documents({
  title: byID('document-name'),
  listElement: byID('document-list'),
  newButton: byID('new-document'),
  renameButton: byID('rename-document'),
  deleteButton: byID('delete-document'),
  downloads: {
    automaton: byID('download-automaton'), dot: byID('download-dot'), svg: byID('download-svg'), jff: byID('download-jff'),
    tikz: byID('download-tikz'),
  },
}, session, status);

new JFLAPImport({ button: byID('open-jflap'), input: byID('jflap-file') }, documents, status);
new PNGDownload(byID('download-png'), session, status);
new Expressions({ fromButton: byID('from-expression'), showButton: byID('show-expression'), result: byID('algorithm-result') },
  session, documents, status);
new InkMLImport({ button: byID('open-inkml'), input: byID('inkml-file') }, documents, session, viewport, zoom, status);

const wordTests = new WordTests({
  text: byID('test-set'),
  button: byID('run-tests'),
  summary: byID('tests-summary'),
  list: byID('test-results'),
}, session, status);
// A word picked in the test results or in an equivalence verdict runs in "Run a word", its
// trace there to step through.
wordTests.onPick = (word) => {
  byID('word').value = word;
  simulation.run();
};

const algorithms = new AlgorithmsPanel({
  operation: byID('operation'),
  other: byID('other-document'),
  otherField: byID('other-field'),
  apply: byID('apply-algorithm'),
  result: byID('algorithm-result'),
}, session, documents, status);
algorithms.onPick = wordTests.onPick;

// Every new view redraws the canvas; an empty document (no element, no waiting ink) shows
// how to start. A document just opened is fitted when its drawing is not all in sight (later
// changes never move the view).
const emptyHint = byID('empty-hint');
session.addEventListener('view', ({ detail }) => {
  drawing.show(detail.view.svg);
  emptyHint.hidden = bounds() !== null;
  if (detail.switched) {
    labels.close();
    if (!viewport.shows(bounds())) zoom.fit();
  }
});

// What a press on the canvas does depends on the mode.
canvas.onPress = (point, event) => {
  switch (modes.current) {
    case 'draw': return strokes.gesture('draw', point, event.target);
    case 'erase': return strokes.gesture('erase', point, event.target);
    case 'move': return pickUp(point);
    default: return null;
  }
};
// A single tap on handwriting opens its correction at once; on another element it offers to
// teach the stroke that made it, and the taps of a double-click (a label) do not, so that
// tap waits to see whether a second one follows.
let pendingTap = null;
strokes.onTap = (point, target) => {
  clearTimeout(pendingTap);
  const word = WordCorrection.wordOf(target);
  if (word !== null) return words.openAt(point, word);
  pendingTap = setTimeout(() => teach.offerAt(point, target), 350);
};
canvas.onDoubleClick = (point, target) => {
  clearTimeout(pendingTap);
  labels.openAt(point, target);
};
canvas.onLongPress = (point, target) => labels.openAt(point, target);
// What a press picks up: a free end before a state (the end lies outside every state, so a press by it means the end).
function pickUp(point) {
  return endDragger.gesture(point) ?? dragger.gesture(point);
}
// In Draw mode a press held still on a state or a free end picks it up, as Move mode would;
// moving it on closes the name field a pen's long press opened.
canvas.onHold = (point) => {
  const gesture = modes.current === 'draw' ? pickUp(point) : null;
  return gesture && { ...gesture, move: (to) => { labels.close(); gesture.move(to); } };
};
const modeHints = {
  draw: 'Draw: a circle makes a state, an arrow a transition, a loop on a state a self-loop; hold a state to move it.',
  erase: 'Erase: draw across what should go.',
  move: 'Move: drag a state (its transitions follow), or a free end onto a state.',
};
modes.addEventListener('change', ({ detail }) => {
  labels.close();
  status.show(modeHints[detail.mode]);
});

installShortcuts({ modes, undo, zoom });
documents.start();

// The first-run guide: by itself on the first visit, from Help at any time.
const guide = new Guide({
  dialog: byID('guide'),
  steps: Array.from(document.querySelectorAll('#guide .guide-step')),
  progress: byID('guide-progress'),
  back: byID('guide-back'),
  next: byID('guide-next'),
  skip: byID('guide-skip'),
  help: byID('help'),
});
guide.openIfNew();
