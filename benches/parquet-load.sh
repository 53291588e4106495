#!/usr/bin/env bash
# Load time and size of a 1-million-game tournament table, CSV and Parquet
# side by side (issue 38's goal: Parquet loads into polars at least 5 times
# faster than the CSV, and is smaller). Builds the release binary, plays the
# same tournament twice (4-player Seashells, random bots, seed 1: 4 million
# rows), once with --out games.csv and once with --out games.parquet, checks
# that the Parquet file reads back as the CSV to the byte (`merge` of the
# whole run into a CSV), then loads each file into polars in a fresh venv
# (benches/parquet-load.py says how). The numbers are in docs/performance.md.
#
#   benches/parquet-load.sh [--games G] [--rounds R]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
GAMES=1000000
ROUNDS=5
while [ $# -gt 0 ]; do
    case "$1" in
        --games) GAMES=$2; shift 2 ;;
        --rounds) ROUNDS=$2; shift 2 ;;
        *) echo "usage: benches/parquet-load.sh [--games G] [--rounds R]" >&2; exit 2 ;;
    esac
done
TARGET=$(mkdir -p "${CARGO_TARGET_DIR:-target}" && cd "${CARGO_TARGET_DIR:-target}" && pwd)
cargo build --release --quiet -p beachcomber-cli
BIN="$TARGET/release/beachcomber"
WORK="$TARGET/parquet-load"
rm -rf "$WORK"
mkdir -p "$WORK"
RUN=(tournament --game seashells --players 4 --bots random --games "$GAMES" --seed 1 --quiet)
for out in games.csv games.parquet; do
    start=$(date +%s.%N)
    "$BIN" "${RUN[@]}" --out "$WORK/$out"
    end=$(date +%s.%N)
    printf 'wrote %-14s in %.1f s\n' "$out" "$(echo "$end - $start" | bc)"
done
"$BIN" merge --quiet "$WORK/games.parquet" --out "$WORK/back.csv"
cmp "$WORK/games.csv" "$WORK/back.csv"
echo "games.parquet reads back as games.csv, byte for byte"
rm "$WORK/back.csv" "$WORK/back.csv.manifest.json"
# A fresh venv with polars, made for this run.
VENV="$WORK/venv"
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet polars
"$VENV/bin/python" -c 'import polars; print("polars", polars.__version__)'
PYTHONDONTWRITEBYTECODE=1 "$VENV/bin/python" "$ROOT/benches/parquet-load.py" \
    "$WORK/games.csv" "$WORK/games.parquet" --rounds "$ROUNDS"
