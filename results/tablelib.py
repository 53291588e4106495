"""Helpers shared by the studies' table scripts (results/NAME/tables.py):
reading a committed CSV and printing a markdown table. Python standard
library only."""
import csv
import os


def read(folder, name):
    """The rows of `folder/name` as dicts; [] when the file is missing."""
    path = os.path.join(folder, name)
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def table(header, rows):
    """Print a markdown table and a blank line."""
    print("| " + " | ".join(header) + " |")
    print("| " + " | ".join("---" for _ in header) + " |")
    for r in rows:
        print("| " + " | ".join(str(c) for c in r) + " |")
    print()


def comparison_cell(r, resolve=False):
    """A compare.csv row as `verdict diff [low, high]`; with `resolve`, a
    margin the sample cannot resolve (95% half-width above it) is said so
    with its half-width instead of a verdict; `—` for no row."""
    if r is None:
        return "—"
    half = (float(r["diff_high95"]) - float(r["diff_low95"])) / 2
    text = f"{r['diff']} [{r['diff_low95']}, {r['diff_high95']}]"
    if resolve and r["margin"] and half > float(r["margin"]):
        return f"unresolved (±{half:.3g} > {r['margin']}) {text}"
    return f"{r['verdict']} {text}"


def _short(spec):
    """A bot spec's name, a game spec's game: the text before `(`."""
    return spec.split("(")[0]


def league_tables(folder):
    """Print a league study's head-to-head table (pairs.csv: the second
    bot's score against the first, 95% clustered by deal, and the Elo
    difference) and its speed table (speed.csv)."""
    pairs = read(folder, "pairs.csv")
    speed = read(folder, "speed.csv")
    print("## Head to head (the second bot's score against the first) [95%, clustered by deal]\n")
    rows = []
    for r in pairs:
        score = 1 - float(r["score_a"])
        low, high = 1 - float(r["score_a_high95"]), 1 - float(r["score_a_low95"])
        elo = -float(r["elo_diff"]) + 0.0
        elo_low, elo_high = -float(r["elo_diff_high95"]) + 0.0, -float(r["elo_diff_low95"]) + 0.0
        rows.append([
            f"{_short(r['game_spec'])} {r['players']}p",
            _short(r["bot_b"]),
            _short(r["bot_a"]),
            r["games"],
            f"{score:.3f} [{low:.3f}, {high:.3f}]",
            f"{elo:+.0f} [{elo_low:+.0f}, {elo_high:+.0f}]",
        ])
    table(["game", "bot", "against", "games", "score", "Elo difference"], rows)
    print("## Decisions per second, one thread (speed.csv: 20 games of the bot in every seat)\n")
    table(
        ["game", "bot", "decisions/s"],
        [[f"{_short(r['game_spec'])} {r['players']}p", _short(r["bot"]),
          f"{float(r['decisions_per_second']):.1f}"] for r in speed],
    )
