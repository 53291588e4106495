// Seashells: the 8x8 beach (or the ring of a stroll), the Bucket, the Sun shell, every
// seat's collection, secret cards as the viewer may see them, a legend and the tally of
// who leads each shape and colour (what the majority scoring counts).
import { el } from './api.js';
import { s, t, seatObs } from './svg.js';
import { personal, seatName } from './words.js';

const SHAPES = ['Scallop', 'Conch', 'Whelk', 'Cowrie', 'Oyster', 'Starfish', 'Nautilus'];
const SHAPE_CODES = ['Sc', 'Co', 'Wh', 'Cw', 'Oy', 'St', 'Na'];
const COLOURS = ['Yellow', 'Blue', 'Green', 'Orange', 'Pink', 'White', 'Violet'];
const FILL = { Yellow: '#f5d33d', Blue: '#4a8fe0', Green: '#4fb36b', Orange: '#f08c2e', Pink: '#f29bc4', White: '#fafafa', Violet: '#9b6ad6' };
const OTHER = { 'Fossil head': ['FH', '#b59a7a'], 'Fossil tail': ['FT', '#b59a7a'], 'Sand dollar': ['$', '#e8d9a8'], Bottle: ['Bo', '#8fd3d0'] };

/** The short label and fill of an item name (`Scallop/Yellow`, `Bottle`...). */
export function itemLook(name) {
  if (OTHER[name]) return OTHER[name];
  const [shape, colour] = name.split('/');
  return [SHAPE_CODES[SHAPES.indexOf(shape)] + colour[0], FILL[colour] || '#ccc'];
}

function item(x, y, r, name, attrs = {}) {
  const [label, fill] = itemLook(name);
  return s('g', attrs, s('circle', { cx: x, cy: y, r, fill, stroke: '#555' }), t(x, y, label, { 'font-size': r * 0.8 }),
    s('title', {}, name));
}

function squareName(sq) { return 'abcdefgh'[sq % 8] + (Math.floor(sq / 8) + 1); }


export function drawSeashells(frame, ctx) {
  const o = frame.obs;
  const cell = 62;
  const legalAt = new Map();
  for (const a of ctx.legal || []) {
    // The server says where each move takes (the square, or the ring position of a step);
    // a click plays the move without a bottle (the list has both).
    const p = a.place;
    if (p !== null && p !== undefined && (!legalAt.has(p) || !a.action.endsWith('+b'))) legalAt.set(p, a.action);
  }
  const svg = s('svg', { class: 'board', viewBox: `0 0 ${cell * 8 + 180} ${cell * 8 + 40}`, 'data-testid': 'board' });
  const place = (i) => {
    if (o.mode === 'board') return [20 + (i % 8) * cell + cell / 2, 20 + Math.floor(i / 8) * cell + cell / 2];
    const a = (i / 64) * 2 * Math.PI - Math.PI / 2;
    return [20 + cell * 4 + Math.cos(a) * cell * 3.7, 20 + cell * 4 + Math.sin(a) * cell * 3.7];
  };
  // Hinted places (a hint's action with a bottle is marked on its square too).
  const hintAt = new Map();
  for (const l of ctx.hint || []) {
    const a = (ctx.legal || []).find((x) => x.action === l.action);
    if (a && a.place !== null && a.place !== undefined && !hintAt.has(a.place)) hintAt.set(a.place, l.index + 1);
  }
  const lastPlace = ctx.last && ctx.last.place !== undefined ? ctx.last.place : null;
  for (let i = 0; i < 64; i++) {
    const [x, y] = place(i);
    const action = legalAt.get(i);
    const attrs = action ? { class: 'clickable', 'data-action': action, onclick: () => ctx.onAction(action) } : {};
    const g = s('g', { 'data-square': i, ...attrs });
    if (o.mode === 'board') {
      g.append(s('rect', { x: x - cell / 2 + 1, y: y - cell / 2 + 1, width: cell - 2, height: cell - 2, rx: 6,
        fill: action ? '#ffe7c2' : '#f0dfb4', stroke: action ? '#e07a1f' : '#d8c594', 'stroke-width': action ? 3 : 1 }));
    } else if (action) {
      g.append(s('circle', { cx: x, cy: y, r: cell / 3 + 4, fill: '#ffe7c2', stroke: '#e07a1f', 'stroke-width': 3 }));
    }
    if (i === o.bucket) {
      g.append(s('path', { d: `M${x - 16} ${y - 14} h32 l-5 30 h-22 z`, fill: '#c0392b', stroke: '#6d1f17' }), t(x, y + 1, 'U', { fill: 'white', 'font-weight': 'bold' }));
    } else if (o.board[i]) {
      g.append(item(x, y, o.mode === 'board' ? cell / 2.6 : cell / 3.2, o.board[i]));
    }
    if (i === lastPlace) {
      g.setAttribute('data-last', '1');
      g.append(s('circle', { cx: x, cy: y, r: cell / 2 - 4, fill: 'none', stroke: '#1f5fbf', 'stroke-width': 3, 'stroke-dasharray': '5 3', class: 'last-mark' }));
    }
    if (hintAt.has(i)) {
      g.setAttribute('data-hint', hintAt.get(i));
      g.append(s('rect', { x: x - cell / 2 + 3, y: y - cell / 2 + 3, width: cell - 6, height: cell - 6, rx: 6, fill: 'none', stroke: '#2e8b3d', 'stroke-width': 4, class: 'hint-mark' }),
        t(x + cell / 2 - 14, y - cell / 2 + 12, `#${hintAt.get(i)}`, { 'font-size': 11, fill: '#2e8b3d', 'font-weight': 'bold' }));
    }
    if (o.mode === 'board' && i % 8 === 0) svg.append(t(8, y, String(Math.floor(i / 8) + 1), { 'font-size': 12 }));
    if (o.mode === 'board' && i < 8) svg.append(t(x, 8, 'abcdefgh'[i], { 'font-size': 12 }));
    g.append(s('title', {}, `${o.mode === 'board' ? squareName(i) + ' (square ' + i + ')' : 'ring ' + i}${o.board[i] ? ': ' + o.board[i] : ''}`));
    svg.append(g);
  }
  const sx = cell * 8 + 40;
  svg.append(t(sx + 60, 40, 'Sun shell'), item(sx + 60, 80, 26, o.sun));
  svg.append(t(sx + 60, 130, `${o.board.filter((x) => x).length} items left`, { 'font-size': 12 }));
  if (o.mode === 'stroll') svg.append(t(sx + 60, 150, `shovels ${o.shovels}`, { 'font-size': 12 }));
  if (frame.to_move !== null) svg.append(t(sx + 60, 175, personal(`seat ${frame.to_move} to move`, ctx.person), { 'font-weight': 'bold' }));
  if (ctx.last && ctx.last.seat !== null && ctx.last.seat !== undefined) {
    svg.append(t(sx + 60, 200, `last: ${seatName(ctx.last.seat, ctx.person)}`, { 'font-size': 12, fill: '#1f5fbf' }));
  }

  const side = el('div', { class: 'side' }, seatsTable(frame, ctx), tally(o, ctx), legend());
  return el('div', { class: 'seashells' }, svg, side);
}

function cardsOf(frame, seat) {
  const so = seatObs(frame, seat);
  return so ? so.my_cards : null;
}

function seatsTable(frame, ctx) {
  const o = frame.obs;
  const table = el('table', { class: 'seats' }, el('tr', {}, el('th', {}, 'seat'), el('th', {}, 'collected'), el('th', {}, 'secret cards')));
  o.seats.forEach((p, i) => {
    const cards = cardsOf(frame, i);
    const secret = frame.viewer === null;
    const cardCell = el('td', { class: `secret-cards${secret ? ' secret' : ''}`, 'data-seat': i },
      cards ? `${cards.shapes.join(' + ')} / ${cards.colours.join(' + ')}` : 'hidden');
    const chips = el('span', {}, ...p.shells.map((n) => {
      const [label, fill] = itemLook(n);
      return el('span', { class: 'chip', title: n, style: `background:${fill};border:1px solid #777;border-radius:8px;padding:0 3px;margin:1px;font-size:.8em` }, label);
    }));
    table.append(el('tr', { 'data-seat': i },
      el('td', {}, `${i}${ctx.labels && ctx.labels[i] ? ' ' + ctx.labels[i] : ''}`),
      el('td', {}, chips, el('br'), `fossils ${p.fossil_heads}H ${p.fossil_tails}T, $ ${p.sand_dollars}, bottles ${p.bottles - p.bottles_spent} held ${p.bottles_spent} spent`),
      cardCell));
  });
  return table;
}

/** Who leads each shape and colour with the shells collected so far (cards not counted: they are secret). */
function tally(o, ctx) {
  const n = o.seats.length;
  const counts = o.seats.map((p) => {
    const c = new Array(14).fill(0);
    for (const name of p.shells) {
      const [shape, colour] = name.split('/');
      c[SHAPES.indexOf(shape)]++;
      c[7 + COLOURS.indexOf(colour)]++;
    }
    return c;
  });
  const table = el('table', { class: 'tally' });
  table.append(el('tr', {}, el('th', {}, ''), ...[...Array(n).keys()].map((i) => el('th', {}, seatName(i, ctx.person, true)))));
  [...SHAPES, ...COLOURS].forEach((name, k) => {
    const row = counts.map((c) => c[k]);
    const best = Math.max(...row);
    table.append(el('tr', {}, el('td', {}, name),
      ...row.map((v) => el('td', { class: best > 0 && v === best ? 'lead' : null }, v))));
  });
  return el('details', { open: true }, el('summary', {}, 'Who leads each shape and colour (shells collected; cards are secret)'), table);
}

function legend() {
  const items = SHAPES.map((sh, i) => `${SHAPE_CODES[i]} = ${sh}`);
  return el('div', { class: 'legend' },
    el('b', {}, 'Legend: '), ...items.map((x) => el('span', {}, x)),
    el('span', {}, 'second letter = colour (Y B G O P W V)'),
    el('span', {}, 'FH/FT = fossil head/tail'), el('span', {}, '$ = sand dollar'), el('span', {}, 'Bo = bottle'),
    el('span', {}, 'U = the Bucket'));
}
