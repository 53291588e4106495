#!/usr/bin/env python3
"""The expert-strength tables: pairs.csv, speed.csv (and from it the time
per decision of expert over ismcts's, the criterion's time target), and
for the 4-player checks ../expert-4p/metrics.csv and
../expert-4p-seaside/metrics.csv. Every number in README.md comes from
here.

Usage: python3 tables.py [FOLDER]   (default: the folder of this file)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tablelib import league_tables, read, table  # noqa: E402


def short(spec):
    return spec.split("(")[0]


def time_ratios(here):
    """expert's time per decision over ismcts(iterations=2000)'s, per
    league, from speed.csv's decisions and seconds."""
    speed = read(here, "speed.csv")
    per = {}
    for r in speed:
        per.setdefault((r["game_spec"].split("(")[0], r["players"]), {})[short(r["bot"])] = (
            float(r["seconds"]) / int(r["decisions"]))
    print("## Time per decision, expert over ismcts(iterations=2000) (speed.csv)\n")
    table(
        ["game", "expert / ismcts", "time target (at most 1)"],
        [[f"{g} {n}p", f"{t['expert'] / t['ismcts']:.3f}",
          "met" if t["expert"] <= t["ismcts"] else "missed"]
         for (g, n), t in per.items() if "expert" in t and "ismcts" in t],
    )


def main():
    here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    league_tables(here)
    time_ratios(here)
    for game, study in [("Seashells", "expert-4p"), ("Seaside", "expert-4p-seaside")]:
        four = read(os.path.join(here, "..", study), "metrics.csv")
        if not four:
            continue
        print(
            f"## Four players, {game}: one expert against three "
            f"ismcts(iterations=2000) (../{study}/metrics.csv)\n"
        )
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
                if r["seat"] == "all" and r["lineup"].startswith("expert")
            ],
        )


if __name__ == "__main__":
    main()
