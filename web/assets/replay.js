// The replay viewer: the record files of --records and the games saved under --save,
// listed in pages; a record is verified by the server (the same one-line error as
// `beachcomber replay`) and stepped through move by move, for the referee or one seat.
import { api, el, showError, scoreTable, botLabels, moveText } from './api.js';
import { drawBoard } from './board.js';
import { breakable } from './words.js';

const PAGE = 25;
let keyHandler = null;

export async function showReplays(main, args) {
  if (keyHandler) { document.removeEventListener('keydown', keyHandler); keyHandler = null; }
  // `#replays/f/FILE/INDEX[/VIEW[/MOVE]]`, `#replays/saved/NAME[/VIEW[/MOVE]]`.
  if (args[0] === 'f' && args.length >= 3) return showRecord(main, `/api/files/${args[1]}/records/${args[2]}`, args[3], args[4]);
  if (args[0] === 'saved' && args[1]) return showRecord(main, `/api/saved/${args[1]}`, args[2], args[3]);
  const [{ files }, saved] = await Promise.all([api('/api/files'), api('/api/saved')]);
  const list = el('div', { class: 'panel' }, el('h2', {}, 'Record files'));
  if (!files.length) list.append(el('p', { class: 'status' }, 'No record files: start the server with --records FILE.jsonl ...'));
  const records = el('div', { id: 'records' });
  const ul = el('ul', { class: 'files' });
  for (const f of files) {
    ul.append(el('li', { 'data-file': f.id, onclick: () => showPage(records, f, 0) },
      breakable(f.name), ` — ${f.records} record(s)${f.compression !== 'plain' ? ` (${f.compression})` : ''}`,
      f.error ? el('div', { class: 'status' }, f.error) : null));
  }
  list.append(ul);
  const savedBox = el('div', { class: 'panel' }, el('h2', {}, 'Games played here (', breakable(saved.folder), ')'));
  if (!saved.games.length) savedBox.append(el('p', { class: 'status' }, 'None yet: play one under Play.'));
  const st = el('table', { class: 'records', id: 'saved-games' });
  for (const g of saved.games) {
    st.append(el('tr', { onclick: () => { location.hash = `replays/saved/${g.name}`; } },
      el('td', {}, breakable(g.name)), el('td', {}, breakable(g.spec || g.game || '')), el('td', {}, breakable(botLabels(g).join(', '))), el('td', {}, g.end || g.error || '')));
  }
  savedBox.append(st);
  main.append(el('div', { class: 'layout' }, el('div', {}, list, records), savedBox));
  if (files.length === 1) await showPage(records, files[0], 0);
}

function resultText(r) {
  if (!r.result) return r.error ? `error: ${r.error}` : r.end;
  const scores = r.result.coins || r.result.scores || r.result.shells || [];
  const w = (r.result.winners || []).map((x) => `seat ${x}`).join(', ');
  return `${scores.join(' : ')}${w ? ` — ${w} won` : ' — no winner'}`;
}

async function showPage(box, file, offset) {
  const page = await api(`/api/files/${file.id}/records?offset=${offset}&limit=${PAGE}`);
  const table = el('table', { class: 'records', id: 'record-list' },
    el('tr', {}, ...['#', 'game', 'players', 'bots', 'result'].map((h) => el('th', {}, h))));
  for (const r of page.records) {
    table.append(el('tr', { 'data-index': r.index, onclick: () => { location.hash = `replays/f/${file.id}/${r.index}`; } },
      el('td', {}, r.index), el('td', {}, breakable(r.spec || r.game || '?')), el('td', {}, r.players ?? ''),
      el('td', {}, breakable(botLabels(r).join(', '))), el('td', {}, resultText(r))));
  }
  const nav = el('div', { class: 'controls' },
    el('button', { disabled: offset === 0, onclick: () => showPage(box, file, Math.max(0, offset - PAGE)) }, '◀ previous page'),
    `records ${offset}–${Math.min(offset + PAGE, page.total) - 1} of ${page.total}`,
    el('button', { disabled: offset + PAGE >= page.total, onclick: () => showPage(box, file, offset + PAGE) }, 'next page ▶'));
  box.replaceChildren(el('div', { class: 'panel' }, breakable(file.name, 'h2'), nav, table));
}

// A replay comes a window of moves at a time (the server's `offset` and `limit`; a game of
// at most WINDOW moves in one answer): stepping out of the window fetches the one around it.
// Position k (after move k) is shown with the window listing move k: windows start at
// multiples of WINDOW, and position 0 is in the first.
const WINDOW = 500;
const windowStart = (k) => (k === 0 ? 0 : (k - 1) - ((k - 1) % WINDOW));

async function showRecord(main, path, view, startPly) {
  const viewArg = view === undefined || view === 'referee' ? 'referee' : view;
  const wanted = Number.isInteger(Number(startPly)) ? Math.max(0, Number(startPly)) : 0;
  const fetchWindow = (k, from = windowStart(k)) => api(`${path}?view=${viewArg}&offset=${from}&limit=${WINDOW}`);
  // Whether the window `w` shows position k with its move listed (position 0: the first
  // window only, whose frames begin with it).
  const shows = (w, k) => {
    const from = w.offset ?? 0;
    return k === 0 ? from === 0 : k > from && k <= from + w.moves.length;
  };
  let data;
  try {
    data = await fetchWindow(wanted);
  } catch (e) {
    // A move number past the end: the game from its start.
    try { data = wanted > 0 ? await fetchWindow(0) : null; } catch (e2) { data = null; }
    if (!data) {
      main.append(el('div', { class: 'panel' }, el('h2', {}, 'This record cannot be shown'),
        el('p', { id: 'record-error' }, e.message), el('a', { href: '#replays' }, 'back to the list')));
      return;
    }
  }
  const base = location.hash.split('/').slice(0, path.startsWith('/api/saved') ? 3 : 4).join('/');
  const n = data.total_moves ?? data.moves.length;
  let ply = 0;
  let asked = 0;
  const labels = botLabels(data);
  // A new view opens at the move shown now.
  const select = el('select', { id: 'view-select', onchange: (e) => { location.hash = `${base}/${e.target.value}/${ply}`; } },
    el('option', { value: 'referee', selected: viewArg === 'referee' }, 'everything (referee)'),
    ...labels.map((b, i) => el('option', { value: i, selected: viewArg === String(i) }, `seat ${i} (${b}) sees`)));
  const plyLabel = el('span', { id: 'ply-label' });
  const board = el('div', { id: 'board' });
  const scores = el('div', { id: 'scores' });
  const moveList = el('ol', { class: 'moves', id: 'move-list', start: 1 });
  const windowNote = el('p', { class: 'legend', id: 'move-window' });
  function listMoves() {
    const from = data.offset ?? 0;
    moveList.setAttribute('start', from + 1);
    moveList.replaceChildren(...data.moves.map((m, i) => el('li', { 'data-ply': from + i + 1, onclick: () => go(from + i + 1) },
      moveText(m, labels), m.chance ? el('span', { class: 'chance' }, `chance: ${m.chance}`) : null)));
    windowNote.textContent = data.moves.length < n ? `moves ${from + 1}–${from + data.moves.length} of ${n} listed` : '';
  }
  const buttons = {
    first: el('button', { id: 'first', title: 'Home', onclick: () => go(0) }, '|◀'),
    prev: el('button', { id: 'prev', title: '←', onclick: () => go(ply - 1) }, '◀'),
    next: el('button', { id: 'next', title: '→', onclick: () => go(ply + 1) }, '▶'),
    last: el('button', { id: 'last', title: 'End', onclick: () => go(n) }, '▶|'),
  };
  async function go(k) {
    const want = Math.max(0, Math.min(n, k));
    const ask = ++asked;
    if (!shows(data, want)) {
      let next;
      try {
        next = await fetchWindow(want);
        // A server that answers fewer moves a window: the window from the move before.
        if (!shows(next, want)) next = await fetchWindow(want, want - 1);
      } catch (e) {
        showError(e.message);
        return;
      }
      // A later step was asked for meanwhile: it draws.
      if (ask !== asked) return;
      data = next;
      listMoves();
    }
    ply = want;
    const at = ply - (data.offset ?? 0);
    const frame = data.frames[at];
    const last = ply === 0 ? null : data.moves[at - 1];
    plyLabel.textContent = `move ${ply} of ${n}`;
    plyLabel.dataset.ply = ply;
    board.replaceChildren(drawBoard(data.game, frame, { labels, legal: [], onAction: () => {}, last }));
    const head = frame.over ? 'Final scores' : 'Scores so far';
    scores.replaceChildren(el('h3', {}, head), frame.scores ? scoreTable(frame.scores, frame.winners, labels)
      : el('p', { class: 'status', id: 'score-table' }, 'Coins are counted at the end: they depend on the secret cards.'));
    for (const li of moveList.children) li.classList.toggle('current', Number(li.dataset.ply) === ply);
    const cur = moveList.querySelector('.current');
    // Scroll the list only, not the page.
    if (cur) moveList.scrollTop = cur.offsetTop - moveList.clientHeight / 2;
    buttons.first.disabled = buttons.prev.disabled = ply === 0;
    buttons.next.disabled = buttons.last.disabled = ply === n;
    showError(null);
  }
  listMoves();
  keyHandler = (e) => {
    if (e.target.tagName === 'SELECT' || e.target.tagName === 'INPUT') return;
    if (e.key === 'ArrowRight') go(ply + 1);
    else if (e.key === 'ArrowLeft') go(ply - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(n);
    else return;
    e.preventDefault();
  };
  document.addEventListener('keydown', keyHandler);
  const info = el('div', { class: 'panel' },
    breakable(data.spec, 'h2', { id: 'game-title' }),
    el('p', {}, `${data.players} player(s); seed ${data.seed ?? 'none'}; ${data.end}`),
    el('p', {}, labels.map((b, i) => `seat ${i}: ${b}`).join(' · ')),
    el('div', { class: 'controls' }, 'view: ', select),
    el('div', { class: 'controls' }, buttons.first, buttons.prev, plyLabel, buttons.next, buttons.last),
    el('p', { class: 'legend' }, 'Keys: ← → step, Home / End jump; click a move to jump to it.'),
    scores, el('h3', {}, 'Moves'), windowNote, moveList,
    el('p', {}, el('a', { href: '#replays' }, 'back to the list')));
  main.append(el('div', { class: 'layout' }, board, info));
  await go(Math.min(wanted, n));
}
