// Play against bots: choose the game, its options, the players, the bots and your seat;
// then click a legal move on the board (or in the list), ask for a hint, undo. Every
// move is saved at once by the server as a record under --save.
import { api, el, showError, scoreTable, botLabels } from './api.js';
import { drawBoard } from './board.js';
import { breakable, personal, playMoveText } from './words.js';

export async function showPlay(main, args) {
  if (args[0]) return showGame(main, args[0]);
  const info = await api('/api/info');
  const game = el('select', { id: 'game-select', name: 'game' }, ...info.games.map((g) => el('option', { value: g.name }, `${g.name} (${g.players[0]}-${g.players[1]} players)`)));
  const options = el('input', { id: 'options', name: 'options', placeholder: 'e.g. mode=stroll,scoring=advanced', size: 40 });
  const players = el('input', { id: 'players', name: 'players', type: 'number', min: 1, max: 5, value: 2 });
  const bots = el('input', { id: 'bots', name: 'bots', value: 'random', size: 40 });
  const seat = el('input', { id: 'seat', name: 'seat', type: 'number', min: 0, max: 4, value: 0 });
  const seed = el('input', { id: 'seed', name: 'seed', placeholder: 'random' });
  const optionHelp = el('p', { class: 'legend', id: 'option-help' });
  const showOptions = () => { optionHelp.textContent = `options: ${info.games.find((g) => g.name === game.value).options}`; };
  game.addEventListener('change', showOptions);
  showOptions();
  const form = el('form', { class: 'newgame panel', id: 'new-game' },
    el('h2', {}, 'New game'),
    el('label', {}, 'game ', game), el('label', {}, 'options ', options), optionHelp,
    el('label', {}, 'players ', players),
    el('label', {}, 'bots (one for all, or one per bot seat in seat order: ', el('code', {}, info.bots.join(', ')), ') ', bots),
    el('label', {}, 'your seat (0 moves first) ', seat), el('label', {}, 'seed ', seed),
    el('button', { type: 'submit', id: 'start' }, 'Start'));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const spec = options.value.trim() ? `${game.value}(${options.value.trim()})` : game.value;
    const body = { game: spec, players: Number(players.value), bots: bots.value, seat: Number(seat.value) };
    if (seed.value.trim()) body.seed = Number(seed.value.trim());
    try {
      const g = await api('/api/games', body);
      location.hash = `play/${g.id}`;
    } catch (err) { showError(err.message); }
  });
  main.append(form, el('p', { class: 'legend' }, `Games are saved as records under the server's --save folder and listed under Replays. At most ${info.max_games} games are kept in play at once.`));
}

async function showGame(main, id) {
  const board = el('div', { id: 'board' });
  const side = el('div', { class: 'panel', id: 'side' });
  const status = el('p', { class: 'status', id: 'status' });
  main.append(el('div', { class: 'layout' }, board, side));
  let busy = false;
  let hintBox = el('div', { id: 'hint-box' });
  // The last hint's lines (marked on the board until the next move or undo).
  let hintLines = [];

  async function act(path, body, note) {
    if (busy) return;
    busy = true;
    side.dataset.busy = '1';
    status.textContent = note;
    for (const b of side.querySelectorAll('button')) b.disabled = true;
    const started = Date.now();
    const timer = setInterval(() => { status.textContent = `${note} (${Math.round((Date.now() - started) / 1000)} s)`; }, 500);
    try {
      const data = await api(path, body);
      showError(null);
      return data;
    } catch (e) {
      showError(e.message);
      return null;
    } finally {
      clearInterval(timer);
      busy = false;
      side.dataset.busy = '';
      status.textContent = '';
      for (const b of side.querySelectorAll('button')) b.disabled = false;
    }
  }

  async function play(action) {
    hintBox = el('div', { id: 'hint-box' });
    hintLines = [];
    const g = await act(`/api/games/${id}/move`, { action }, 'the bots are thinking…');
    if (g) render(g);
  }

  function render(g) {
    const short = botLabels(g);
    const labels = short.map((b, i) => (i === g.seat ? 'you' : b));
    const last = g.moves.length ? g.moves[g.moves.length - 1] : null;
    const ctx = { labels, legal: g.legal, onAction: play, last, hint: hintLines, person: g.seat };
    board.replaceChildren(drawBoard(g.game, g.frame, ctx));
    const legal = el('ul', { class: 'legal', id: 'legal' }, ...g.legal.map((a) => el('li', {},
      el('button', { 'data-action': a.action, onclick: () => play(a.action) }, `#${a.index + 1} ${personal(a.label, g.seat)}`))));
    const moves = el('ol', { class: 'moves', id: 'move-list' }, ...g.moves.map((m) => el('li', {}, playMoveText(m, labels, g.seat),
      m.chance ? el('span', { class: 'chance' }, `chance: ${personal(m.chance, g.seat, { start: false })}`) : null)));
    const hint = el('button', { id: 'hint', disabled: !g.your_turn, onclick: async () => {
      const h = await act(`/api/games/${id}/hint`, {}, 'searching for a hint…');
      if (!h) return;
      hintLines = h.top;
      // Numbered as the list of legal moves (`#N`), and marked on the board.
      hintBox.replaceChildren(el('div', { class: 'hint' },
        el('b', {}, `hint (ismcts, ${h.iterations} iterations, from what you can see; marked on the board):`),
        el('ul', {}, ...h.top.map((l) => el('li', { 'data-action': l.action, 'data-number': l.index + 1 },
          `#${l.index + 1} ${personal(l.label, g.seat)} — ${Math.round(l.share * 100)}% of the search, ${l.value_text}`)))));
      render(g);
    } }, 'Hint');
    // Enabled exactly when the session would undo (`can_undo`: never past a move that
    // showed you something hidden, never after the end).
    const undo = el('button', { id: 'undo', disabled: !g.can_undo, onclick: async () => {
      hintBox = el('div', { id: 'hint-box' });
      hintLines = [];
      const u = await act(`/api/games/${id}/undo`, {}, 'undoing…');
      if (u) render(u);
    } }, 'Undo');
    side.dataset.ply = g.ply;
    side.dataset.over = g.over;
    side.replaceChildren(
      breakable(g.spec, 'h2', { id: 'game-title' }),
      el('p', {}, [`You are seat ${g.seat}`, ...labels.flatMap((l, i) => (i === g.seat ? [] : [`seat ${i}: ${l}`]))].join(' · ')),
      el('p', { class: 'legend' }, `seed ${g.seed ?? 'shown when the game ends'} · saved as `, breakable(g.file ?? '')),
      status,
      g.over ? endTable(g, labels) : el('div', {},
        el('h3', {}, g.your_turn ? 'Your move' : 'Waiting'),
        el('div', { class: 'controls' }, hint, undo), hintBox, legal,
        g.frame.scores ? el('div', {}, el('h3', {}, 'Scores so far'), scoreTable(g.frame.scores, null, labels)) : null),
      el('h3', {}, `Moves (${g.moves.length})`), moves,
      el('p', {}, el('a', { href: '#play' }, 'new game')));
    moves.scrollTop = moves.scrollHeight;
  }

  function endTable(g, labels) {
    return el('div', { id: 'end' },
      el('h3', { id: 'verdict' }, `Game over. ${g.verdict}`),
      scoreTable(g.frame.scores, g.frame.winners, labels, 'end-table'),
      // The final scoring is drawn under the board (board.js), where its table fits.
      el('p', {}, el('a', { href: '#', id: 'to-final-scoring', onclick: (e) => {
        e.preventDefault();
        document.getElementById('final-scoring')?.scrollIntoView();
      } }, 'The final scoring'), ' is under the board.'),
      el('p', {}, el('a', { href: `#replays/saved/${g.file}`, id: 'replay-link' }, 'replay this game')));
  }

  const g = await api(`/api/games/${id}`);
  render(g);
}
