"""End-to-end tests of the web app in headless Chromium through WebDriver (selenium).

Run by web/e2e/run.sh, which starts the server; this script starts and always quits the
browser and its driver. Checks:
- each game's first record stepped through move by move to its end: the score shown is
  the record's result;
- a seat's view has no hidden card in the DOM;
- a record that fails verification shows `replay`'s one-line error and is not drawn;
- a whole 2-player game of each kind against `random`, by clicking legal moves (on the
  board when the move has a place there), with one hint and one undo;
- screenshots of each game's board, the replay viewer, play and the results, not blank;
- at 1280x800 and 1920x1080, on every page (the lists, each game's replay at its end for
  the referee and a seat, play with a hint, a game's end, the results): no element's box
  reaches past the window's right edge (`right <= innerWidth`), none is clipped by an
  ancestor that hides its overflow (an SVG's viewport included) and no box but a `pre`
  picture scrolls sideways (the final scoring's may not either); a finished replay shows
  its final scores inside the window; changing the view keeps the move shown;
- the final scoring of each game (at a replay's end, a played game's end, and a 5-player
  Seashells replay's end, the widest, a column per seat), at 1280x800
  and 1920x1080: inside the window, no sideways scroll, no line wrapped;
- titles, table cells and list items on the replay and play pages wrap only between words
  or a name's parts (after a comma, a slash, a hyphen or a space, before a parenthesis), never
  mid-word (`seaside(removed=rulebook)` once broke as `ruleb` / `ook`);
- the play page calls the person's seat "you" with the verb agreeing (`You take 2 Shells`,
  `seat 1 steals a Crab from you`): no "seat 0" in its text but "You are seat 0", and
  the wording module (words.js) gives the exact sentences of a table of the games' texts;
- a Shell Dash replay longer than two windows of moves (the server's 500 a request): stepped
  across a window's edge with the arrow keys and the buttons, and to its ends by End/Home and
  ▶|/|◀, each position shows the board, the highlighted move and the listed window that the
  same position opened directly (its URL) shows, and the list is the window holding the move.
"""

import argparse
import json
import os
import re
import sys
import time
import urllib.request

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.expected_conditions import staleness_of
from selenium.webdriver.support.ui import Select, WebDriverWait

GAMES = ["seashells", "seaside", "shell-dash"]
SIZES = [(1280, 800), (1920, 1080)]

# Every element's box inside the window, none clipped (by the page's own overflow rules).
LAYOUT_JS = """
const W = window.innerWidth;
const bad = [];
const named = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
  + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '')
  + (e.getAttribute && e.getAttribute('class') && typeof e.className !== 'string' ? '.' + e.getAttribute('class') : '');
const root = document.documentElement;
if (root.scrollWidth > W) bad.push(`the page is ${root.scrollWidth} px wide, the window ${W}`);
for (const e of document.querySelectorAll('body *')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  if (getComputedStyle(e).visibility === 'hidden') continue;
  if (r.right > W + 0.5) { bad.push(`${named(e)}: right ${r.right.toFixed(1)} > innerWidth ${W}`); continue; }
  const st = getComputedStyle(e);
  // A box that scrolls sideways hides part of what it holds (a picture in `pre` may scroll,
  // the final scoring may not).
  const picture = e.tagName === 'PRE' && !(e.closest('details') && e.closest('details').querySelector('summary').textContent === 'Final scoring');
  if (['auto', 'scroll'].includes(st.overflowX) && !picture && e.scrollWidth > e.clientWidth + 1) {
    bad.push(`${named(e)} scrolls sideways (${e.scrollWidth} > ${e.clientWidth})`);
  }
  for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
    const ov = getComputedStyle(a).overflowX;
    if (ov === 'visible') continue;
    if (ov === 'hidden' || ov === 'clip') {
      const ar = a.getBoundingClientRect();
      if (r.right > ar.right + 0.5 || r.left < ar.left - 0.5) {
        bad.push(`${named(e)} is clipped by ${named(a)} (${r.left.toFixed(0)}..${r.right.toFixed(0)} outside ${ar.left.toFixed(0)}..${ar.right.toFixed(0)})`);
      }
    }
    break;
  }
  if (bad.length > 20) break;
}
return bad;
"""


# The final scoring box (opened if closed): where it is, whether it scrolls sideways, and
# how many lines its text has and how many it is drawn on (more: a line wrapped).
FINAL_JS = """
const box = [...document.querySelectorAll('details')].find((d) => d.querySelector('summary')?.textContent === 'Final scoring');
if (!box) return null;
box.open = true;
const pre = box.querySelector('pre');
const r = pre.getBoundingClientRect();
const range = document.createRange();
range.selectNodeContents(pre);
const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
return { left: r.left, right: r.right, width: r.width, scroll: pre.scrollWidth, client: pre.clientWidth,
  lines: pre.textContent.replace(/\\n$/, '').split('\\n').length, drawn: tops.size,
  window: window.innerWidth };
"""

# Where the text of each element matched wraps mid-word: a line break inside one text node
# (the page puts a name's parts, and chips, in elements of their own) between two
# characters with no space between them, no comma, slash or hyphen before it and no `(`
# after it.
BREAKS_JS = """
const bad = [];
for (const e of document.querySelectorAll(arguments[0])) {
  if (e.getBoundingClientRect().width === 0) continue;
  const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  let broken = false;
  for (let n = walk.nextNode(); n && !broken; n = walk.nextNode()) {
    let prev = null;
    let between = '';
    for (let i = 0; i < n.length; i++) {
      const c = n.data[i];
      if (/\\s/.test(c)) { between += c; continue; }
      const range = document.createRange();
      range.setStart(n, i);
      range.setEnd(n, i + 1);
      const q = range.getClientRects()[0];
      if (!q) { between += c; continue; }
      if (prev && q.top > prev.q.bottom - 2 && !between && !/[,/-]/.test(prev.c) && c !== '(') {
        bad.push(`${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} "${e.textContent.slice(0, 60)}" breaks between "${prev.c}" and "${c}"`);
        broken = true;
        break;
      }
      prev = { c, q };
      between = '';
    }
  }
  if (bad.length > 10) break;
}
return bad;
"""

# The wording module's answers, run in the page (the module the page imports).
WORDS_JS = """
const done = arguments[arguments.length - 1];
const cases = arguments[0];
import('/words.js').then((w) => done(cases.map(([text, seat, start]) => w.personal(text, seat, { start }))),
  (e) => done([`words.js: ${e}`]));
"""

# The games' own sentences (src/games/*/display.rs, web/src/games.rs) with seat 0 the
# person, and what the play page says instead.
WORDING = [
    # Seaside
    ("seat 0 takes 0 Shells from the Sea", "You take 0 Shells from the Sea"),
    ("seat 0 takes 1 Shell from the Sea", "You take 1 Shell from the Sea"),
    ("seat 0 plays the drawn token Shell up: it goes to the Sea, seat 0 draws again",
     "You play the drawn token Shell up: it goes to the Sea, you draw again"),
    ("seat 0 takes 2 Isopods from the Sea: a Sandpiper stack of 3, kept, and the 1 smaller stack(s) of 2 are discarded",
     "You take 2 Isopods from the Sea: a Sandpiper stack of 3, kept, and the 1 smaller stack(s) of 2 are discarded"),
    ("seat 0 flips its Beach (token 12): it now shows Wave", "You flip your Beach (token 12): it now shows Wave"),
    ("seat 0 flips a Beach to Wave (it has none with that back)", "You flip a Beach to Wave (you have none with that back)"),
    ("seat 1 steals a Crab from seat 0", "seat 1 steals a Crab from you"),
    ("seat 0 steals no Crab (no other player has one)", "You steal no Crab (no other player has one)"),
    ("seat 0 draws a token (Shell/Beach), seat 1 draws a token from the bag (3 left)",
     "You draw a token (Shell/Beach), seat 1 draws a token from the bag (3 left)"),
    ("seat 0 drew a token and chooses its face", "You drew a token and choose your face"),
    ("seat 0: 11 points (Beach 5, Wave 0)  winner\nseat 1: 22 points (Beach 0, Wave 5)\nwinner(s): seat 1, seat 0\n",
     "You: 11 points (Beach 5, Wave 0)  winner\nseat 1: 22 points (Beach 0, Wave 5)\nwinner(s): seat 1, you\n"),
    # Shell Dash
    ("seat 0 flips row 1, column 2: Shell", "You flip row 1, column 2: Shell"),
    ("seat 0 spends a Flip-Flop to pass the Jellyfish", "You spend a Flip-Flop to pass the Jellyfish"),
    ("seat 0 keeps the Flip-Flops and ends the turn at the Jellyfish",
     "You keep the Flip-Flops and end the turn at the Jellyfish"),
    ("seat 0 reshuffles the discard pile (7 cards) and the deck (12 cards) together",
     "You reshuffle the discard pile (7 cards) and the deck (12 cards) together"),
    ("seat 0 does not reshuffle", "You do not reshuffle"),
    ("seat 0's turn ends: shuffle the discard pile into the deck or not",
     "Your turn ends: shuffle the discard pile into the deck or not"),
    ("seat 0 walks, flipping a card of row 3", "You walk, flipping a card of row 3"),
    ("seat 0: 2 Shells\nseat 1: 3 Shells (winner)\nafter 9 turns: a walk reached 3 Shells",
     "You: 2 Shells\nseat 1: 3 Shells (winner)\nafter 9 turns: a walk reached 3 Shells"),
    # Seashells (a move's text names no seat: the page puts the seat first)
    ("seat 0 take d4 (square 27): Scallop/Yellow, then spends a bottle for an extra turn",
     "You take d4 (square 27): Scallop/Yellow, then spend a bottle for an extra turn"),
    ("seat 0 step 3 to place 41: Bottle, passing the shovel point (1 shovel(s) left)",
     "You step 3 to place 41: Bottle, passing the shovel point (1 shovel(s) left)"),
    ("           | seat 0     | seat 1     \nwinner(s): seat 0 (most coins)\n",
     "           | you        | seat 1     \nwinner(s): you (most coins)\n"),
    ("seat 0 to move", "Your move"),
    ("as seen by seat 0", "as seen by you"),
    # Another seat's sentence is left as it is.
    ("seat 1 takes 2 Shells from the Sea", "seat 1 takes 2 Shells from the Sea"),
]


def fail(message):
    raise AssertionError(message)


class Page:
    def __init__(self, url, shots):
        options = webdriver.ChromeOptions()
        for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--window-size=1400,1000", "--no-first-run"]:
            options.add_argument(arg)
        options.binary_location = "/usr/bin/chromium"
        self.driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
        self.url = url
        self.shots = shots
        os.makedirs(shots, exist_ok=True)

    def quit(self):
        self.driver.quit()

    def go(self, fragment):
        self.driver.get(f"{self.url}#{fragment}")
        self.driver.refresh()

    def wait(self, test, timeout=30, what="the page"):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(lambda d: test())
        except Exception:
            error = self.js("return document.getElementById('error').textContent")
            fail(f"timed out waiting for {what} (page error: {error!r})")

    def find(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def one(self, css, timeout=30):
        return self.wait(lambda: (self.find(css) or [None])[0], timeout, css)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def shot(self, name):
        self.js("window.scrollTo(0, 0)")
        path = os.path.join(self.shots, f"{name}.png")
        self.driver.save_screenshot(path)
        image = Image.open(path).convert("RGB")
        colours = image.getcolors(maxcolors=1 << 20) or []
        if len(colours) < 16:
            fail(f"screenshot {name} looks blank ({len(colours)} colours)")
        return path

    def console_errors(self):
        return [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]


def at_size(page, width, height):
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    time.sleep(0.3)


def check_layout(page, name):
    """At each size: nothing past the right edge, nothing clipped; a screenshot of each."""
    try:
        for width, height in SIZES:
            at_size(page, width, height)
            inner = page.js("return window.innerWidth")
            if inner != width:
                fail(f"{name}: innerWidth {inner} at {width}x{height}")
            bad = page.js(LAYOUT_JS)
            if bad:
                fail(f"{name} at {width}x{height}: " + "; ".join(bad[:8]))
            page.shot(f"layout-{name}-{width}x{height}")
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    print(f"ok: layout of {name} fits at " + " and ".join(f"{w}x{h}" for w, h in SIZES))


def final_scores_visible(page, game):
    """The final scores of a finished replay are inside the window at each size."""
    try:
        for width, height in SIZES:
            at_size(page, width, height)
            cells = page.find("#score-table td.score")
            if not cells:
                fail(f"{game}: no final score shown at {width}x{height}")
            for c in cells:
                r = page.js("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right, r.width];", c)
                if not c.is_displayed() or r[2] <= 0 or r[0] < 0 or r[1] > width:
                    fail(f"{game}: a final score is off-screen at {width}x{height}: {r}")
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    print(f"ok: {game}: the final scores are visible at both sizes")


def final_scoring_fits(page, name):
    """At each size the final scoring is inside the window, scrolls not sideways, wraps no line."""
    try:
        for width, height in SIZES:
            at_size(page, width, height)
            box = page.js(FINAL_JS)
            if box is None:
                fail(f"{name}: no final scoring at {width}x{height}")
            where = f"{name} at {width}x{height}: the final scoring"
            if box["width"] <= 0 or box["left"] < 0 or box["right"] > box["window"] + 0.5:
                fail(f"{where} is outside the window ({box['left']:.0f}..{box['right']:.0f} of {box['window']})")
            if box["scroll"] > box["client"] + 1:
                fail(f"{where} scrolls sideways ({box['scroll']} > {box['client']} px)")
            if box["drawn"] != box["lines"]:
                fail(f"{where} wraps: {box['lines']} lines drawn on {box['drawn']}")
            # The box itself (it may be below the fold).
            box = page.js("return [...document.querySelectorAll('details')].find((d) => "
                          "d.querySelector('summary')?.textContent === 'Final scoring')")
            page.js("arguments[0].scrollIntoView()", box)
            box.screenshot(os.path.join(page.shots, f"final-scoring-{name}-{width}x{height}.png"))
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    print(f"ok: {name}: the final scoring fits unwrapped, no sideways scroll, at both sizes")


# The replay's and play's titles, cells and list items (not the results' Markdown).
WRAPPED = "main h2, main h3, main td, main th, main li, #last-move"


def no_mid_word_breaks(page, name):
    try:
        for width, height in SIZES:
            at_size(page, width, height)
            bad = page.js(BREAKS_JS, WRAPPED)
            if bad:
                fail(f"{name} at {width}x{height}: " + "; ".join(bad[:6]))
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    print(f"ok: {name}: no title, cell or list item breaks mid-word at both sizes")


def wording_module(page):
    got = page.driver.execute_async_script(WORDS_JS, [[text, 0, True] for text, _ in WORDING])
    for (text, want), said in zip(WORDING, got):
        if said != want:
            fail(f"words.js: {text!r} -> {said!r}, want {want!r}")
    more = [["seat 0 takes 1 Shell", 0, False], ["seat 10 takes", 1, True], ["seat 0 takes", None, True]]
    got = page.driver.execute_async_script(WORDS_JS, more)
    if got != ["you take 1 Shell", "seat 10 takes", "seat 0 takes"]:
        fail(f"words.js: mid-line, seat 10 and no person give {got}")
    print(f"ok: words.js words {len(WORDING) + len(more)} of the games' sentences for the person exactly")


def says_you(page, game, seat=0):
    """The play page names the person's seat only in "You are seat 0"; their moves say "You"."""
    intro = page.one("#side > p").text
    if not intro.startswith(f"You are seat {seat}"):
        fail(f"{game}: the play page's intro says {intro!r}")
    text = page.js("""
const main = document.getElementById('main').cloneNode(true);
main.querySelector('#side > p').remove();
return main.textContent;""")
    named = re.findall(rf".{{0,40}}\bseat {seat}\b(?!\d).{{0,40}}", text)
    if named:
        fail(f"{game}: the play page calls the person 'seat {seat}': {named[:3]}")
    moves = [li.get_attribute("textContent") for li in page.find("#move-list li")]
    mine = [m for m in moves if m.startswith("You ")]
    if not mine:
        fail(f"{game}: no move of the person's says 'You': {moves[:4]}")
    wrong = [m for m in mine if re.match(r"You (takes|plays|flips|spends|keeps|reshuffles|does|steals|draws|walks)\b", m)]
    if wrong:
        fail(f"{game}: 'You' with the third person's verb: {wrong[:3]}")
    print(f"ok: {game}: the play page says 'You' ({mine[0][:48]!r}...), never 'seat {seat}'")


def widest_final_scoring(page, file_id):
    """A 5-player Seashells replay at its end: the final scoring's 5 columns fit unwrapped."""
    page.go(f"replays/f/{file_id}/0")
    page.one("#ply-label")
    page.one("body").send_keys(Keys.END)
    page.wait(lambda: page.find("#score-table td.score"), 10, "the end of the 5-player game")
    final_scoring_fits(page, "replay-end-seashells-5-players")
    check_layout(page, "replay-end-seashells-5-players")


def view_change_keeps_the_move(page, file_id, game):
    page.go(f"replays/f/{file_id}/0/referee")
    page.one("#ply-label")
    page.find("#move-list li")[4].click()
    if page.one("#ply-label").get_attribute("data-ply") != "5":
        fail(f"{game}: clicking move 5 does not show it")
    old = page.one("#ply-label")
    Select(page.one("#view-select")).select_by_value("1")
    page.wait(lambda: staleness_of(old)(page.driver), 10, "seat 1's view")
    label = page.one("#ply-label")
    if label.get_attribute("data-ply") != "5":
        fail(f"{game}: seat 1's view opens at move {label.get_attribute('data-ply')}, not 5")
    if page.js("return document.getElementById('view-select').value") != "1":
        fail(f"{game}: the view did not change")
    print(f"ok: {game}: changing the view keeps move 5")


# The replay's window of moves (web/assets/replay.js's WINDOW, the server's cap per request).
WINDOW = 500

# What a replay page shows: the position, the move list's window, its highlighted moves and
# the board.
REPLAY_STATE = """
const items = [...document.querySelectorAll('#move-list li')];
return {
  ply: Number(document.getElementById('ply-label').dataset.ply),
  first: items.length ? Number(items[0].dataset.ply) : null,
  last: items.length ? Number(items[items.length - 1].dataset.ply) : null,
  current: items.filter((li) => li.classList.contains('current')).map((li) => [Number(li.dataset.ply), li.textContent]),
  note: document.getElementById('move-window').textContent,
  board: document.getElementById('board').innerHTML,
};
"""


def long_replay_windows(page, file_id):
    base = f"replays/f/{file_id}/0/referee"

    def shown(k, what):
        page.wait(lambda: page.js("return document.getElementById('ply-label')?.dataset.ply") == str(k), 15,
                  f"move {k} after {what}")
        return page.js(REPLAY_STATE)

    def direct(k):
        page.go(f"{base}/{k}")
        return shown(k, "opening it directly")

    page.go(base)
    n = int(page.one("#ply-label").text.split(" of ")[1])
    if n <= 2 * WINDOW:
        fail(f"the long Shell Dash record has {n} moves, not more than {2 * WINDOW}")

    def expect(state, k, what):
        start = 0 if k == 0 else (k - 1) - (k - 1) % WINDOW
        last = min(start + WINDOW, n)
        want = {"ply": k, "first": start + 1, "last": last, "note": f"moves {start + 1}–{last} of {n} listed"}
        got = {key: state[key] for key in want}
        if got != want:
            fail(f"long replay, {what}: shows {got}, not {want}")
        if [c[0] for c in state["current"]] != ([k] if k else []):
            fail(f"long replay, {what}: the highlighted move is {state['current']}, not move {k}")

    reference = {k: direct(k) for k in [0, WINDOW, WINDOW + 1, 2 * WINDOW, 2 * WINDOW + 1, n]}
    for k, state in reference.items():
        expect(state, k, f"move {k} opened directly")

    def same(state, k, what):
        expect(state, k, what)
        if state != reference[k]:
            fail(f"long replay, {what}: the board or the move shown differs from move {k} opened directly")

    body = lambda: page.one("body")  # noqa: E731
    for edge in [WINDOW, 2 * WINDOW]:
        direct(edge)
        body().send_keys(Keys.ARROW_RIGHT)
        same(shown(edge + 1, "→"), edge + 1, f"→ from move {edge}")
        body().send_keys(Keys.ARROW_LEFT)
        same(shown(edge, "←"), edge, f"← from move {edge + 1}")
        page.one("#next").click()
        same(shown(edge + 1, "▶"), edge + 1, f"▶ from move {edge}")
        page.one("#prev").click()
        same(shown(edge, "◀"), edge, f"◀ from move {edge + 1}")
    body().send_keys(Keys.END)
    same(shown(n, "End"), n, f"End from move {2 * WINDOW}")
    body().send_keys(Keys.HOME)
    same(shown(0, "Home"), 0, f"Home from move {n}")
    page.one("#last").click()
    same(shown(n, "▶|"), n, "▶| from move 0")
    if page.one("#next").is_enabled() or page.one("#last").is_enabled():
        fail("long replay: at its end ▶ or ▶| is enabled")
    page.one("#first").click()
    same(shown(0, "|◀"), 0, f"|◀ from move {n}")
    # A move clicked in the list, then a step back out of its window.
    direct(WINDOW + 1)
    page.find("#move-list li")[0].click()
    same(shown(WINDOW + 1, "a click"), WINDOW + 1, f"clicking move {WINDOW + 1}")
    body().send_keys(Keys.ARROW_LEFT)
    same(shown(WINDOW, "←"), WINDOW, f"← from the clicked move {WINDOW + 1}")
    print(f"ok: a {n}-move Shell Dash replay stepped across its windows of {WINDOW} by keys, buttons, "
          "End/Home and a click: each position as opened directly")


def api(url, path):
    with urllib.request.urlopen(url + path.lstrip("/")) as r:
        return json.load(r)


def result_scores(result):
    for key in ("coins", "scores", "shells"):
        if key in result:
            return result[key]
    fail(f"no scores in {result}")


def shown_scores(page):
    cells = page.find("#score-table td.score")
    return [int(c.get_attribute("data-score")) for c in cells]


def step_through(page, file_id, game, work):
    page.go(f"replays/f/{file_id}/0")
    page.one("#ply-label")
    with open(os.path.join(work, f"{game}.jsonl")) as f:
        record = json.loads(f.readline())
    total = int(page.one("#ply-label").text.split(" of ")[1])
    body = page.one("body")
    for k in range(1, total + 1):
        body.send_keys(Keys.ARROW_RIGHT)
        label = page.one("#ply-label")
        if int(label.get_attribute("data-ply")) != k:
            fail(f"{game}: after {k} steps the viewer shows move {label.get_attribute('data-ply')}")
    if page.find("#next")[0].is_enabled():
        fail(f"{game}: the last move is not the end")
    want = result_scores(record["result"])
    got = shown_scores(page)
    if got != want:
        fail(f"{game}: the score shown at the end is {got}, the record says {want}")
    winners = [int(r.get_attribute("data-seat")) for r in page.find("#score-table tr.winner")]
    if winners != record["result"]["winners"]:
        fail(f"{game}: winners shown {winners}, the record says {record['result']['winners']}")
    final_scores_visible(page, game)
    final_scoring_fits(page, f"replay-end-{game}")
    check_layout(page, f"replay-end-{game}")
    no_mid_word_breaks(page, f"replay-end-{game}")
    # Back and forth with the buttons and the move list.
    page.find("#first")[0].click()
    if page.one("#ply-label").get_attribute("data-ply") != "0":
        fail(f"{game}: |< does not go to the setup")
    page.find("#move-list li")[total // 2].click()
    if page.one("#ply-label").get_attribute("data-ply") != str(total // 2 + 1):
        fail(f"{game}: clicking a move does not jump to it")
    page.shot(f"board-{game}")
    print(f"ok: {game}: {total} moves stepped through, final score {got} as recorded")
    return total


def seat_view_hides(page, file_id, game):
    page.go(f"replays/f/{file_id}/0/referee")
    page.one("#ply-label")
    page.find("#move-list li")[1].click()
    secrets = [e.get_attribute("textContent") for e in page.find(".secret")]
    if not secrets:
        fail(f"{game}: the referee's view shows no hidden information to compare with")
    page.go(f"replays/f/{file_id}/0/0")
    page.one("#ply-label")
    Select(page.one("#view-select"))  # the selector is there
    page.find("#move-list li")[1].click()
    if page.find(".secret"):
        fail(f"{game}: seat 0's view holds referee-only elements")
    html = page.driver.page_source
    if game == "seashells":
        other = page.one('.secret-cards[data-seat="1"]').text
        if other != "hidden":
            fail(f"seashells: seat 0 sees seat 1's cards: {other}")
        theirs = secrets[1].strip()
        if theirs in html:
            fail(f"seashells: seat 1's cards ({theirs}) are in seat 0's DOM")
    if game == "seaside":
        if "The bag and the removed tokens" in html:
            fail("seaside: the bag's content is in a seat's DOM")
    if game == "shell-dash":
        shown = [e.get_attribute("textContent") for e in page.find("[data-place] text")]
        if any(t not in ("?", "Sand", "Wave", "Flip-Flop", "Jellyfish", "Sun", "Shell") for t in shown):
            fail(f"shell-dash: unexpected card text {shown}")
        downs = len(page.find("[data-place] rect[fill='#2b7a9e']"))
        if downs and "?" not in shown:
            fail("shell-dash: a face-down card is named in a seat's view")
        if "The deck, top first" in html:
            fail("shell-dash: the deck's order is in a seat's DOM")
    check_layout(page, f"replay-seat-view-{game}-layout")
    page.shot(f"replay-seat-view-{game}")
    print(f"ok: {game}: seat 0's view holds no hidden card")


def bad_record_shows_replays_error(page, file_id, work):
    with open(os.path.join(work, "bad.err")) as f:
        want = f.read().strip().removeprefix("error: ")
    page.go(f"replays/f/{file_id}/1")
    shown = page.one("#record-error").text
    if shown != want:
        fail(f"a bad record shows {shown!r}, replay says {want!r}")
    if page.find("svg.board"):
        fail("a bad record is drawn")
    # The refused request is logged by the browser: expected, and cleared here.
    page.console_errors()
    print("ok: a record that fails verification shows replay's one-line error, not drawn")


def play_game(page, game, url):
    page.go("play")
    Select(page.one("#game-select")).select_by_value(game)
    players = page.one("#players")
    players.clear()
    players.send_keys("2")
    bots = page.one("#bots")
    bots.clear()
    bots.send_keys("random")
    page.one("#start").click()
    page.one("#side[data-ply]")
    side = page.one("#side")
    hinted = undone = False
    moves = board_clicks = 0
    for _ in range(2000):
        page.wait(lambda: side.get_attribute("data-busy") in (None, ""), 120, "the bots")
        side = page.one("#side[data-ply]")
        if side.get_attribute("data-over") == "true":
            break
        ply = side.get_attribute("data-ply")
        if not hinted:
            page.one("#hint").click()
            first = page.one("#hint-box .hint li", 120)
            number = first.get_attribute("data-number")
            listed = [b.text for b in page.find("#legal button")]
            if not first.text.startswith(f"#{number} ") or not listed[int(number) - 1].startswith(f"#{number} "):
                fail(f"{game}: the hint's {first.text!r} is not numbered as the list {listed}")
            if game == "seashells" and not page.find("svg [data-hint]"):
                fail("seashells: the hint is not marked on the board")
            check_layout(page, f"play-hint-{game}")
            no_mid_word_breaks(page, f"play-hint-{game}")
            hinted = True
            side = page.one("#side[data-ply]")
        # Undo goes back to the last real decision (one with a choice): the
        # button is disabled until there is one (forced moves alone give none)
        # and past a move that showed something hidden (docs/play.md).
        if moves >= 2 and not undone and page.one("#undo").is_enabled():
            page.one("#undo").click()
            page.wait(lambda: page.one("#side").get_attribute("data-ply") != ply, 60, "the undo")
            undone = True
            moves += 1
            continue
        on_board = page.find("svg [data-action]")
        target = on_board[0] if on_board else page.one("#legal button")
        if on_board:
            board_clicks += 1
        if moves == 4:
            page.shot(f"play-{game}")
        target.click()
        page.wait(lambda: page.one("#side").get_attribute("data-ply") != ply, 120, "the move")
        moves += 1
    else:
        fail(f"{game}: the game did not end")
    # Seashells shows nothing before the end, so its undo is always there;
    # Shell Dash's flips and Seaside's draws may leave none in a game.
    if not hinted or (game == "seashells" and not undone):
        fail(f"{game}: no hint or undo")
    if page.find("#undo"):
        fail(f"{game}: an Undo button after the end")
    table = page.one("#end-table")
    scores = [int(c.get_attribute("data-score")) for c in table.find_elements(By.CSS_SELECTOR, "td.score")]
    verdict = page.one("#verdict").text
    saved = api(url, "/api/saved")["games"]
    record = next(g for g in saved if g.get("game") == game and g.get("end") == "finished")
    if result_scores(record["result"]) != scores:
        fail(f"{game}: end table {scores}, saved record {record['result']}")
    if game == "seashells" and not page.find("svg [data-last]"):
        fail("seashells: the board does not mark the last move")
    final_scoring_fits(page, f"play-end-{game}")
    says_you(page, game)
    check_layout(page, f"play-end-{game}-layout")
    no_mid_word_breaks(page, f"play-end-{game}")
    page.shot(f"play-end-{game}")
    print(f"ok: {game}: played to the end in {moves} clicks ({board_clicks} on the board), "
          f"one hint, one undo; {verdict} {scores}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--shots", required=True)
    args = ap.parse_args()
    url = args.url if args.url.endswith("/") else args.url + "/"
    page = Page(url, args.shots)
    try:
        files = {f["name"].split("/")[-1].split(".")[0]: f["id"] for f in api(url, "/api/files")["files"]}
        bad_record_shows_replays_error(page, files["bad"], args.work)
        page.go("replays")
        page.one(".files li")
        wording_module(page)
        page.go("replays")
        page.one("#record-list, .files li")
        page.find(".files li")[0].click()
        page.one("#record-list tr[data-index]")
        check_layout(page, "replay-list-layout")
        no_mid_word_breaks(page, "replay-list")
        page.shot("replay-list")
        page.go("play")
        page.one("#start")
        check_layout(page, "play-form")
        for game in GAMES:
            step_through(page, files[game], game, args.work)
            seat_view_hides(page, files[game], game)
            view_change_keeps_the_move(page, files[game], game)
        widest_final_scoring(page, files["seashells5"])
        long_replay_windows(page, files["shell-dash-long"])
        page.go(f"replays/f/{files['seashells']}/0/referee")
        page.one("#ply-label")
        page.find("#move-list li")[9].click()
        page.shot("replay-viewer")
        for game in GAMES:
            play_game(page, game, url)
        page.go("results")
        page.one("#studies li a").click()
        page.one("#study h1, #study h2")
        check_layout(page, "results-layout")
        page.shot("results")
        errors = [e for e in page.console_errors() if "favicon" not in e["message"]]
        if errors:
            fail(f"browser console errors: {errors}")
        print("ok: screenshots not blank; no console error")
    finally:
        page.quit()


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
