"""What runs from Python cost (docs/python.md, "Runs: speed"), side by side
in one run:

1. a tournament of random bots played by the command line's binary into
   its CSV files, and the same tournament from Python
   (``beachcomber.tournament``), then its games table read into pandas and
   into polars;
2. a Python seat: the same games with one seat played by a Python callable
   (the first legal action) instead of a Rust bot, and the cost of each of
   its decisions;
3. a built-in bot's ``act`` on a state.

Needs the package installed (``pip install ./python pandas polars``) and
the binary (``$BEACHCOMBER``, default ``target/release/beachcomber``):

    python benches/python-runs.py [--games N] [--threads T]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import time
from pathlib import Path

import beachcomber


def timed(what: str, call):
    started = time.perf_counter()
    result = call()
    return result, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()
    root = Path(__file__).resolve().parents[1]
    cli = os.environ.get("BEACHCOMBER", str(root / "target" / "release" / "beachcomber"))
    threads = [] if args.threads is None else ["--threads", str(args.threads)]
    spec = ("seashells", 2, "random")
    print(f"1. {args.games} games of {spec[0]}, {spec[1]} players, {spec[2]} bots "
          f"({'all cores' if args.threads is None else f'{args.threads} threads'})")
    with tempfile.TemporaryDirectory() as tmp:
        line = [cli, "tournament", "--game", spec[0], "--players", str(spec[1]), "--bots", spec[2],
                "--games", str(args.games), "--seed", "1", "--quiet", "--out", "g.csv",
                "--summary", "s.csv", *threads]
        _, cli_s = timed("cli", lambda: subprocess.run(line, cwd=tmp, check=True))
        size = (Path(tmp) / "g.csv").stat().st_size
        tables, py_s = timed("python", lambda: beachcomber.tournament(
            *spec, games=args.games, seed=1, threads=args.threads, progress=False))
        same = tables.csv_bytes("games") == (Path(tmp) / "g.csv").read_bytes()
    print(f"   command line into files:        {cli_s:7.2f} s")
    print(f"   beachcomber.tournament:         {py_s:7.2f} s (games table {size / 1e6:.1f} MB, "
          f"{2 * args.games} rows; the CLI's bytes: {same})")
    _, pandas_s = timed("pandas", lambda: beachcomber._runs.read_frame(tables.csv_bytes("games"), "pandas"))
    print(f"   games table into pandas:        {pandas_s:7.2f} s")
    try:
        _, polars_s = timed("polars", lambda: beachcomber._runs.read_frame(tables.csv_bytes("games"), "polars"))
        print(f"   games table into polars:        {polars_s:7.2f} s")
    except ImportError:
        print("   (polars not installed)")

    games = args.games // 10

    calls = [0]

    def first(state: beachcomber.State) -> int:
        calls[0] += 1
        return state.legal_actions()[0]

    print(f"2. {games} games of shell-dash, 2 players: random against a seat of")
    rust, rust_s = timed("rust", lambda: beachcomber.tournament(
        "shell-dash", 2, "random", games=games, threads=args.threads, rows=True, progress=False))
    py, py_s = timed("py", lambda: beachcomber.tournament(
        "shell-dash", 2, ["random", first], games=games, threads=args.threads, rows=True, progress=False))
    decisions = calls[0]
    print(f"   random (Rust):                  {rust_s:7.2f} s")
    print(f"   a Python callable:              {py_s:7.2f} s ({decisions} Python decisions: "
          f"{1e6 * (py_s - rust_s) / decisions:.1f} us each, the call included)")

    state = beachcomber.game("seaside", 2).new_initial_state(1)
    for spec_text in ("greedy", "ismcts", "expert"):
        bot = beachcomber.bot(spec_text)
        _, act_s = timed(spec_text, lambda: [bot.act(state, seed=s) for s in range(20)])
        print(f"3. {bot.spec}.act(state): {1e3 * act_s / 20:.2f} ms (Seaside, first decision)")


if __name__ == "__main__":
    main()
