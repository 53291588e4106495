// Seaside: the bag and the removed tokens (counts), the Sea, each seat's seaside
// (Beaches, Waves, Rocks, Sandpiper stacks, Shells, Crabs) and the tokens drawn with
// the faces the viewer may see; the drawn token to play; the legal choices as buttons.
import { el } from './api.js';
import { s, t, actionButton, seatObs } from './svg.js';
import { personal, seatHeading, seatName } from './words.js';

const FACE_FILL = { Beach: '#f3dca0', Wave: '#6fb7e6', Rock: '#a3a3a3', Sandpiper: '#d9a06b', Isopod: '#b6d989', Shell: '#f6c4d8', Crab: '#ef7b63' };

function token(x, y, up, back, attrs = {}) {
  const g = s('g', attrs,
    s('rect', { x, y, width: 64, height: 40, rx: 8, fill: FACE_FILL[up] || '#ddd', stroke: '#555' }),
    t(x + 32, y + 15, up || '?', { 'font-size': 11 }));
  if (back !== undefined) g.append(t(x + 32, y + 31, back ? `(${back})` : '(back ?)', { 'font-size': 9, fill: '#444' }));
  return g;
}

/** What `viewer` knows of drawn token `i`: the drawer's observation has both faces. */
function known(frame, i) {
  const d = frame.obs.drawn[i];
  const mine = seatObs(frame, d.seat);
  return (mine && mine.drawn[i]) || d;
}

export function drawSeaside(frame, ctx) {
  const o = frame.obs;
  const n = o.seats.length;
  const height = 150 + n * 120;
  const svg = s('svg', { class: 'board', viewBox: `0 0 900 ${height}`, 'data-testid': 'board' });
  // Bag, removed, Sea.
  svg.append(s('ellipse', { cx: 70, cy: 60, rx: 55, ry: 42, fill: '#8a6d4b' }), t(70, 52, 'bag', { fill: 'white' }),
    t(70, 72, String(o.bag), { fill: 'white', 'font-size': 20, 'data-testid': 'bag' }));
  svg.append(t(70, 118, `removed ${o.removed}`, { 'font-size': 12 }));
  svg.append(s('rect', { x: 150, y: 15, width: 300, height: 90, rx: 14, fill: '#9dd3ec' }), t(300, 32, 'the Sea'));
  ['Isopod', 'Shell', 'Crab'].forEach((f, k) => {
    svg.append(token(165 + k * 95, 50, f), t(197 + k * 95, 98, `× ${o.sea[f]}`, { 'font-size': 12 }));
  });
  // The drawn token in hand.
  const last = o.drawn.length ? known(frame, o.drawn.length - 1) : null;
  if (last && last.in_hand) {
    svg.append(t(540, 25, personal(`seat ${last.seat} holds a drawn token`, ctx.person), { 'font-size': 12 }));
    const faces = last.faces || [null, null];
    svg.append(token(480, 40, faces[0] || '?', faces[1] || null, { 'data-testid': 'in-hand' }));
  }
  if (frame.to_move !== null) svg.append(t(540, 110, `${personal(`seat ${frame.to_move} to move`, ctx.person)} (${o.phase.replace('_', ' ')})`, { 'font-weight': 'bold', 'font-size': 13 }));
  // Legal choices as buttons.
  (ctx.legal || []).forEach((a, k) => {
    const label = a.action.replace('play:', 'play ').replace('isopods:', 'isopods ').replace('shells:', 'take ').replace('flip:', 'flip ').replace('steal:', 'steal ');
    svg.append(actionButton(600 + (k % 3) * 98, 40 + Math.floor(k / 3) * 36, 92, 30, label, a.action, ctx, '#fff7e8'));
  });
  // Each seat's seaside.
  o.seats.forEach((a, p) => {
    const y = 140 + p * 120;
    svg.append(s('rect', { x: 10, y, width: 880, height: 110, rx: 10, fill: p === frame.to_move ? '#fff3d6' : '#fbf5e6', stroke: '#d8c594', 'data-seat': p }));
    const score = frame.scores ? ` · ${frame.scores[p]} points` : '';
    svg.append(t(20, y + 16, `${seatHeading(p, ctx)}${score}`, { 'text-anchor': 'start', 'font-weight': 'bold', 'font-size': 13 }));
    const counts = [['Beach', a.beaches], ['Wave', a.waves], ['Rock', a.rocks], ['Sandpiper', a.stacks ? `${a.stacks}×${a.stack_size}` : 0],
      ['Shell', a.shells], ['Crab', a.crabs]];
    counts.forEach(([f, c], k) => {
      svg.append(token(20 + k * 74, y + 30, f), t(52 + k * 74, y + 84, `× ${c}`, { 'font-size': 12 }));
    });
    svg.append(t(480, y + 50, `won from the Sea: ${a.won}`, { 'font-size': 12, 'text-anchor': 'start' }));
    const own = seatObs(frame, p);
    const backs = own && own.seats[p].beach_backs;
    if (backs && Object.keys(backs).length) {
      svg.append(t(480, y + 72, `Beach backs: ${Object.entries(backs).map(([f, c]) => `${f} ${c}`).join(', ')}`,
        { 'font-size': 12, 'text-anchor': 'start', class: frame.viewer === null ? 'secret' : null }));
    }
  });
  const drawn = el('ol', { class: 'drawn' }, ...o.drawn.map((_, i) => {
    const d = known(frame, i);
    const who = seatName(d.seat, ctx.person, true);
    const text = d.in_hand ? `${who}: in hand${d.faces ? ` (${d.faces.join('/')})` : ''}`
      : `${who}: ${d.up} up${d.back ? `, back ${d.back}` : ''}${d.flipped ? ', flipped' : ''}`;
    return el('li', {}, text);
  }));
  const side = el('div', { class: 'side' }, el('details', {}, el('summary', {}, `Tokens drawn (${o.drawn.length})`), drawn));
  if (frame.revealed) {
    side.append(el('details', { class: 'secret' }, el('summary', {}, 'The bag and the removed tokens (referee)'),
      el('p', {}, 'bag, next first: ', frame.revealed.bag.map((f) => f.join('/')).join(', ')),
      el('p', {}, 'removed: ', frame.revealed.removed.map((f) => f.join('/')).join(', '))));
  }
  return el('div', { class: 'seaside' }, svg, side);
}
