#!/usr/bin/env python3
"""The expert-strength tables, from pairs.csv and speed.csv (and, for the
4-player check, ../expert-4p/metrics.csv). Every number in README.md comes
from here.

Usage: python3 tables.py [FOLDER]   (default: the folder of this file)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tablelib import read, table  # noqa: E402


def short(spec):
    return spec.split("(")[0]


def game(spec):
    return spec.split("(")[0]


def main():
    here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    pairs = read(here, "pairs.csv")
    speed = read(here, "speed.csv")
    print("## Head to head (the second bot's score against the first) [95%, clustered by deal]\n")
    rows = []
    for r in pairs:
        score = 1 - float(r["score_a"])
        low, high = 1 - float(r["score_a_high95"]), 1 - float(r["score_a_low95"])
        elo = -float(r["elo_diff"]) + 0.0
        elo_low, elo_high = -float(r["elo_diff_high95"]) + 0.0, -float(r["elo_diff_low95"]) + 0.0
        rows.append([
            f"{game(r['game_spec'])} {r['players']}p",
            short(r["bot_b"]),
            short(r["bot_a"]),
            r["games"],
            f"{score:.3f} [{low:.3f}, {high:.3f}]",
            f"{elo:+.0f} [{elo_low:+.0f}, {elo_high:+.0f}]",
        ])
    table(["game", "bot", "against", "games", "score", "Elo difference"], rows)
    print("## Decisions per second, one thread (speed.csv: 20 games of the bot in every seat)\n")
    table(
        ["game", "bot", "decisions/s"],
        [[f"{game(r['game_spec'])} {r['players']}p", short(r["bot"]), f"{float(r['decisions_per_second']):.1f}"] for r in speed],
    )
    four = read(os.path.join(here, "..", "expert-4p"), "metrics.csv")
    if four:
        print("## Four players: one expert against three ismcts(iterations=2000) (../expert-4p/metrics.csv)\n")
        table(
            ["bot", "games", "win share [95%]", "skill (Elo) [95%]"],
            [
                [
                    short(r["bot"]),
                    r["games"],
                    f"{r['win_share']} [{r['win_low95']}, {r['win_high95']}]",
                    f"{r['skill_elo']} [{r['skill_elo_low95']}, {r['skill_elo_high95']}]",
                ]
                for r in four
                if r["seat"] == "all"
            ],
        )

if __name__ == "__main__":
    main()
