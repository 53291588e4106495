// Boards drawn as SVG from a frame of the API (`obs`: what the viewer sees; for the
// referee also `seats`, every seat's observation, and `revealed`). Each game's module
// draws its own board; legal actions are clickable where the board has a place for them.
import { el } from './api.js';
import { personal, playMoveText } from './words.js';
import { drawSeashells } from './seashells.js';
import { drawSeaside } from './seaside.js';
import { drawShellDash } from './shell_dash.js';

const NS = 'http://www.w3.org/2000/svg';

/** Create an SVG element. */
export function s(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** An SVG text. */
export function t(x, y, text, attrs = {}) {
  return s('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 14, ...attrs }, text);
}

/** A clickable SVG button for a legal action. */
export function actionButton(x, y, w, h, label, action, ctx, fill = '#fff') {
  const g = s('g', { class: 'clickable', 'data-action': action, onclick: () => ctx.onAction(action) },
    s('rect', { x, y, width: w, height: h, rx: 6, fill, stroke: '#e07a1f', 'stroke-width': 2 }),
    t(x + w / 2, y + h / 2, label, { 'font-size': 13 }));
  g.append(s('title', {}, label));
  return g;
}

/** The list number (`#N`, from 1) of a hinted action, or null: `ctx.hint` holds the hint's lines. */
export function hintNumber(ctx, action) {
  const line = (ctx.hint || []).find((l) => l.action === action);
  return line ? line.index + 1 : null;
}

/** Mark hinted actions on a drawn board: their clickable place gets the class `hinted` and its list number. */
function markHints(svg, ctx) {
  for (const l of ctx.hint || []) {
    const target = [...svg.querySelectorAll('[data-action]')].find((e) => e.dataset.action === l.action);
    if (!target) continue;
    target.classList.add('hinted');
    target.dataset.hint = l.index + 1;
    target.append(s('title', {}, `hint: #${l.index + 1}`));
  }
}

/**
 * Draw `frame` of `game`. `ctx`: { players, labels (by seat), legal ([{action, label}]) or [],
 * onAction(actionText), last (the move that led here, or null), hint (the hint's lines),
 * person (the seat of the person playing, called "you"; none in a replay) }.
 * Returns an element holding the SVG board, its side notes and, once the game is over,
 * the final scoring (under the board, where its table has the page's width).
 */
export function drawBoard(game, frame, ctx) {
  const draw = { seashells: drawSeashells, seaside: drawSeaside, 'shell-dash': drawShellDash }[game];
  const box = el('div', { class: 'board-box', 'data-game': game });
  box.append(el('p', { class: 'last-move', id: 'last-move' }, ctx.last ? `last move: ${playMoveText(ctx.last, ctx.labels, ctx.person, { start: false })}` : 'no move yet'));
  if (!draw) { box.append(el('pre', { class: 'text' }, frame.text)); return box; }
  const drawn = draw(frame, ctx);
  const svg = drawn.querySelector('svg');
  if (svg) markHints(svg, ctx);
  box.append(drawn);
  if (frame.over && frame.result_text) {
    box.append(el('details', { open: true, id: 'final-scoring' }, el('summary', {}, 'Final scoring'),
      el('pre', { class: 'text scoring' }, personal(frame.result_text, ctx.person))));
  }
  box.append(el('details', {}, el('summary', {}, 'The position as text'), el('pre', { class: 'text' }, personal(frame.text, ctx.person))));
  return box;
}

/** The seat's observation that `seat` holds in a frame: its own for a seat view, else from `frame.seats`. */
export function seatObs(frame, seat) {
  if (frame.viewer === null && frame.seats) return frame.seats[seat];
  return frame.viewer === seat ? frame.obs : null;
}
