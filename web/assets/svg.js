// The drawing helpers every game's board uses (board.js and each game's module import
// them; this module imports none of them): SVG elements and texts, a clickable action,
// and the observation a frame holds for a seat.

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

/** The seat's observation that `seat` holds in a frame: its own for a seat view, else from `frame.seats`. */
export function seatObs(frame, seat) {
  if (frame.viewer === null && frame.seats) return frame.seats[seat];
  return frame.viewer === seat ? frame.obs : null;
}
