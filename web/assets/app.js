// The page's entry: three views (replays, play, results) chosen by the URL's hash.
import { showError } from './api.js';
import { showReplays } from './replay.js';
import { showPlay } from './play.js';
import { showResults } from './results.js';

const views = { replays: showReplays, play: showPlay, results: showResults };

function route() {
  const name = (location.hash.slice(1).split('/')[0]) || 'replays';
  const show = views[name] || showReplays;
  for (const k of Object.keys(views)) {
    document.getElementById(`nav-${k}`).classList.toggle('active', k === name);
  }
  showError(null);
  const main = document.getElementById('main');
  main.replaceChildren();
  show(main, location.hash.slice(1).split('/').slice(1)).catch((e) => showError(e.message));
}

window.addEventListener('hashchange', route);
route();
