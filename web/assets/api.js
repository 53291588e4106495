// The JSON API (docs/web.md): every error is `{"error": "..."}` with a 4xx/5xx status.

/** GET `path` (or POST `body` as JSON) and return the parsed JSON; throws an Error with the server's message. */
export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  let data;
  try {
    data = await res.json();
  } catch (e) {
    throw new Error(`${path}: ${res.status} ${res.statusText}`);
  }
  if (!res.ok) throw new Error(data.error || `${res.status} ${res.statusText}`);
  return data;
}

/** Create an element: `el('div', {class: 'x'}, child, 'text', ...)`. */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** Show an error line (cleared by the next call with null). */
export function showError(message) {
  const box = document.getElementById('error');
  if (!message) { box.hidden = true; box.textContent = ''; return; }
  box.textContent = message;
  box.hidden = false;
}

/** A table of final or running scores: one row per seat, the winners marked. */
export function scoreTable(scores, winners, labels, id = 'score-table') {
  const t = el('table', { class: 'scores', id });
  t.append(el('tr', {}, el('th', {}, 'seat'), el('th', {}, 'player'), el('th', {}, 'score')));
  (scores || labels.map(() => null)).forEach((s, i) => {
    const won = winners && winners.includes(i);
    t.append(el('tr', { class: won ? 'winner' : null, 'data-seat': i },
      el('td', {}, i), el('td', {}, labels[i] ?? ''),
      el('td', { class: 'score', 'data-score': s ?? '' }, s === null ? '?' : String(s), won ? ' ★' : '')));
  });
  return t;
}

/** The bots' short specs (options at their defaults left out) if the server gave them. */
export function botLabels(data) {
  return data.bots_short || data.bots || [];
}

/** A move's text saying which seat moved (`seat 1 (greedy): take h2 ...`). */
export function moveText(m, labels) {
  if (m.seat === null || m.seat === undefined || /^seat \d/.test(m.text)) return m.text;
  const who = labels && labels[m.seat] ? ` (${labels[m.seat]})` : '';
  return `seat ${m.seat}${who}: ${m.text}`;
}
