// Shell Dash: the rows of cards (face-down, revealed, flipped this turn), the walker's
// row, the deck and discard counts, each seat's Shells and Flip-Flops. Face-down cards
// are shown only to the referee; a legal flip is a click on its face-down card.
import { el } from './api.js';
import { s, t, actionButton } from './svg.js';
import { count, seatHeading } from './words.js';

const CARD_FILL = { Sand: '#f0d9a0', Wave: '#6fb7e6', 'Flip-Flop': '#f29bc4', Jellyfish: '#b48ad8', Sun: '#f7d13c', Shell: '#fbe9ef' };

export function drawShellDash(frame, ctx) {
  const o = frame.obs;
  const rows = o.rows.length;
  const svg = s('svg', { class: 'board', viewBox: `0 0 760 ${Math.max(rows * 90 + 40, 380)}`, 'data-testid': 'board' });
  const flips = new Map();
  const others = [];
  for (const a of ctx.legal || []) {
    const m = /^flip(\d)$/.exec(a.action);
    if (m) flips.set(Number(m[1]), a.action); else others.push(a);
  }
  const revealed = frame.revealed && frame.revealed.face_down;
  o.rows.forEach((row, r) => {
    const y = 20 + r * 90;
    if (r === o.walker_row && o.phase !== 'over') svg.append(t(25, y + 35, '➜', { 'font-size': 26, fill: '#e07a1f' }));
    svg.append(t(60, y + 35, `row ${r}`, { 'font-size': 12 }));
    row.forEach((place, c) => {
      const x = 90 + c * 110;
      const action = r === o.walker_row ? flips.get(c) : undefined;
      const attrs = action ? { class: 'clickable', 'data-action': action, onclick: () => ctx.onAction(action) } : {};
      const g = s('g', { 'data-place': `${r},${c}`, ...attrs });
      if (place === null) {
        g.append(s('rect', { x, y, width: 96, height: 70, rx: 8, fill: 'none', stroke: '#ccc', 'stroke-dasharray': '4 4' }));
      } else if (place === 'down') {
        g.append(s('rect', { x, y, width: 96, height: 70, rx: 8, fill: '#2b7a9e', stroke: action ? '#e07a1f' : '#1c5670', 'stroke-width': action ? 4 : 1 }));
        const card = revealed && revealed[r] && revealed[r][c];
        if (card) g.append(t(x + 48, y + 35, card, { fill: 'white', 'font-size': 12, class: 'secret' }));
        else g.append(t(x + 48, y + 35, '?', { fill: 'white', 'font-size': 22 }));
      } else {
        g.append(s('rect', { x, y, width: 96, height: 70, rx: 8, fill: CARD_FILL[place.card] || '#eee', stroke: place.this_turn ? '#e07a1f' : '#777', 'stroke-width': place.this_turn ? 3 : 1 }),
          t(x + 48, y + 35, place.card, { 'font-size': 13 }));
      }
      svg.append(g);
    });
  });
  // Piles and seats.
  const px = 450;
  svg.append(s('rect', { x: px, y: 20, width: 70, height: 96, rx: 8, fill: '#2b7a9e' }), t(px + 35, 55, 'deck', { fill: 'white' }),
    t(px + 35, 80, String(o.deck_size), { fill: 'white', 'font-size': 20, 'data-testid': 'deck' }));
  const discard = Object.values(o.discard).reduce((a, b) => a + b, 0);
  svg.append(s('rect', { x: px + 90, y: 20, width: 70, height: 96, rx: 8, fill: '#ddd', stroke: '#999' }), t(px + 125, 55, 'discard'),
    t(px + 125, 80, String(discard), { 'font-size': 20 }));
  svg.append(t(px + 155, 135, `turn ${o.turn} · reshuffles ${o.reshuffles}`, { 'font-size': 12 }));
  o.shells.forEach((sh, p) => {
    const y = 160 + p * 50;
    svg.append(s('rect', { x: px, y, width: 290, height: 42, rx: 8, fill: p === frame.to_move ? '#fff3d6' : '#fbf5e6', stroke: '#d8c594' }),
      t(px + 10, y + 21, `${seatHeading(p, ctx)}: ${count(sh, 'Shell')}, ${count(o.flipflops[p], 'Flip-Flop')}`, { 'text-anchor': 'start', 'font-size': 13 }));
  });
  others.forEach((a, k) => {
    svg.append(actionButton(px + (k % 2) * 145, 270 + Math.floor(k / 2) * 40, 140, 32, a.label.length < 24 ? a.label : a.action, a.action, ctx, '#fff7e8'));
  });
  const side = el('div', { class: 'side' }, el('p', {}, 'discard pile: ',
    Object.entries(o.discard).filter(([, c]) => c).map(([k, c]) => `${k} ${c}`).join(', ') || 'empty'));
  if (frame.revealed) {
    side.append(el('details', { class: 'secret' }, el('summary', {}, 'The deck, top first (referee)'), el('p', {}, frame.revealed.deck.join(', '))));
  }
  return el('div', { class: 'shell-dash' }, svg, side);
}
