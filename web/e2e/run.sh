#!/usr/bin/env bash
# The web app's end-to-end tests in headless Chromium (Debian's `chromium` and
# `chromium-driver`, installed when missing, as root), driven through WebDriver by Python
# `selenium` (from PyPI, in a venv under the target folder). Starts `beachcomber serve
# --port 0` on records it makes, runs web/e2e/e2e.py against the real page, stops the
# server with Ctrl-C (SIGINT) and checks it stopped cleanly and that the games played were
# saved as records `replay` verifies. Nothing is left running (trap).
#
#   web/e2e/run.sh                 # the binary: $BEACHCOMBER, else built with --profile ci
#   web/e2e/run.sh --docs          # also copy the screenshots docs/web.md shows into docs/web/
#   E2E_SHOTS=DIR web/e2e/run.sh   # keep every screenshot (the layout checks' at 1280x800 and
#                                  # 1920x1080 too) in DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
DOCS=0
[[ ${1:-} == --docs ]] && DOCS=1
TARGET=$(cd "${CARGO_TARGET_DIR:-target}" 2>/dev/null && pwd || echo "$ROOT/target")
if [[ -z ${BEACHCOMBER:-} ]]; then
    cargo build --profile ci -p beachcomber-cli --quiet
    BEACHCOMBER="$TARGET/ci/beachcomber"
fi

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
python3 -c 'import ensurepip' 2>/dev/null || missing+=(python3-venv)
if [[ ${#missing[@]} -gt 0 ]]; then
    [[ $(id -u) -eq 0 ]] || { echo "needed: ${missing[*]}: run as root, or apt-get install ${missing[*]}" >&2; exit 1; }
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
VENV="$TARGET/e2e-venv"
if ! "$VENV/bin/python" -c 'import selenium, PIL' 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet selenium pillow
fi

WORK=$(mktemp -d)
SHOTS=${E2E_SHOTS:-$WORK/shots}
SERVER=
GROUP=
cleanup() {
    local status=$?
    # The browser's process group (Python, chromedriver, Chromium): whatever is left of it.
    if [[ -n $GROUP ]]; then
        kill -TERM -- "-$GROUP" 2>/dev/null || true
        for _ in $(seq 20); do kill -0 -- "-$GROUP" 2>/dev/null || break; sleep 0.1; done
        kill -KILL -- "-$GROUP" 2>/dev/null || true
    fi
    if [[ -n $SERVER ]] && kill -0 "$SERVER" 2>/dev/null; then kill -KILL "$SERVER" 2>/dev/null || true; fi
    rm -rf "$WORK"
    exit $status
}
trap cleanup EXIT INT TERM

# One record file per game (2 players; Seashells' with a search bot, whose canonical spec in
# the record is long: the pages show its short spec and must still fit).
for game in seashells seaside shell-dash; do
    bots=random
    [[ $game == seashells ]] && bots='ismcts(iterations=5),random'
    "$BEACHCOMBER" tournament --game "$game" --players 2 --bots "$bots" --games 2 --seed 11 \
        --record "$WORK/$game.jsonl" --quiet >/dev/null
done

# Seashells with 5 players: the widest final scoring (a column per seat) must fit too.
"$BEACHCOMBER" tournament --game seashells --players 5 --bots random --games 1 --seed 11 \
    --record "$WORK/seashells5.jsonl" --quiet >/dev/null

# A Shell Dash game longer than two of the replay's windows of 500 moves (a Shell-poor deck
# played to max_turns=300: 1,339 events), stepped across the windows' edges.
"$BEACHCOMBER" tournament --game 'shell-dash(deck=Sand:40,Wave:10,Jellyfish:10,Shell:3,max_turns=300)' \
    --players 2 --bots random --games 1 --seed 11 --record "$WORK/shell-dash-long.jsonl" --quiet >/dev/null

# A record that fails verification (its second game's result changed), and what `replay` says.
sed '2s/"coins":\[/"coins":[1/' "$WORK/seashells.jsonl" >"$WORK/bad.jsonl"
if "$BEACHCOMBER" replay "$WORK/bad.jsonl" --verify-only >/dev/null 2>"$WORK/bad.err"; then
    echo "the tampered record was accepted" >&2; exit 1
fi

"$BEACHCOMBER" serve --port 0 --records "$WORK/seashells.jsonl" "$WORK/seaside.jsonl" "$WORK/shell-dash.jsonl" "$WORK/bad.jsonl" "$WORK/seashells5.jsonl" \
    "$WORK/shell-dash-long.jsonl" \
    --results "$ROOT/results" --save "$WORK/games" >"$WORK/serve.out" 2>"$WORK/serve.err" &
SERVER=$!
URL=
for _ in $(seq 100); do
    URL=$(grep -o 'http://[^ ]*' "$WORK/serve.out" 2>/dev/null || true)
    [[ -n $URL ]] && break
    kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/serve.err" >&2; exit 1; }
    sleep 0.1
done
[[ -n $URL ]] || { echo "the server printed no URL" >&2; exit 1; }

# The browser and its driver run in a process group of their own (setsid), ended by the trap
# whatever happens.
setsid "$VENV/bin/python" "$ROOT/web/e2e/e2e.py" --url "$URL" --work "$WORK" --shots "$SHOTS" &
GROUP=$!
wait "$GROUP"

# Ctrl-C stops the server cleanly.
kill -INT "$SERVER"
for _ in $(seq 50); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$SERVER" 2>/dev/null; then echo "the server did not stop on SIGINT" >&2; exit 1; fi
wait "$SERVER" || { echo "the server exited with status $? on SIGINT" >&2; exit 1; }
SERVER=
grep -q 'server stopped' "$WORK/serve.out" || { echo "no 'server stopped' line" >&2; exit 1; }

# Every game played in the browser is a record `replay` verifies.
saved=0
for f in "$WORK"/games/*.jsonl; do
    "$BEACHCOMBER" replay "$f" --verify-only >/dev/null
    saved=$((saved + 1))
done
[[ $saved -ge 3 ]] || { echo "only $saved game(s) saved" >&2; exit 1; }

if [[ $DOCS -eq 1 ]]; then
    mkdir -p "$ROOT/docs/web"
    for shot in board-seashells board-seaside board-shell-dash replay-viewer replay-seat-view-seashells \
        play-seashells play-end-shell-dash results; do
        cp "$SHOTS/$shot.png" "$ROOT/docs/web/"
    done
fi
echo "web end-to-end tests passed ($saved games saved and verified)"
