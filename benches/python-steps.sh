#!/usr/bin/env bash
# Steps per second of random play through the PettingZoo AEC API, side by side
# in one run: PettingZoo's classic connect_four_v3 and texas_holdem_v4, and
# beachcomber's seashells_v0, seaside_v0 and shell_dash_v0 (benches/python-steps.py
# says how; docs/python.md has the numbers). Makes (once) a venv under the target
# folder with pettingzoo, pygame and rlcard (the classic environments' own
# dependencies) and installs ./python into it (release build, into
# $CARGO_TARGET_DIR/python), then runs the measurement.
#
#   benches/python-steps.sh [--seconds S] [--rounds R]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TARGET=$(mkdir -p "${CARGO_TARGET_DIR:-target}" && cd "${CARGO_TARGET_DIR:-target}" && pwd)
VENV="$TARGET/python-bench-venv"
if ! "$VENV/bin/python" -c 'import pettingzoo, pygame, rlcard' 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    "$VENV/bin/python" -m pip install --quiet pettingzoo pygame rlcard numpy
fi
CARGO_TARGET_DIR="$TARGET/python" "$VENV/bin/python" -m pip install --quiet --force-reinstall --no-deps "$ROOT/python"
cd "$TARGET"
PYTHONDONTWRITEBYTECODE=1 "$VENV/bin/python" "$ROOT/benches/python-steps.py" "$@"
