// Boards drawn as SVG from a frame of the API (`obs`: what the viewer sees; for the
// referee also `seats`, every seat's observation, and `revealed`). Each game's module
// draws its own board; legal actions are clickable where the board has a place for them.
import { el } from './api.js';
import { s } from './svg.js';
import { personal, playMoveText } from './words.js';
import { drawSeashells } from './seashells.js';
import { drawSeaside } from './seaside.js';
import { drawShellDash } from './shell_dash.js';

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
