#!/usr/bin/env python3
"""Print the tables of results/seashells-expert-edge/README.md from the
committed CSVs (metrics.csv, compare.csv), with the criterion's two steps
decided from them. Python standard library only.

    python3 results/seashells-expert-edge/tables.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from tablelib import comparison_cell, read, table  # noqa: E402 (results/tablelib.py)
GREEDY = "greedy(worlds=8)"
ISMCTS = "ismcts(iterations=1000,c=0.7,rollout=random,reward=auto)"
EXPERT = "expert(iterations=2000,c=0.7,cutoff=auto,scale=2,belief=auto,leaf=evaluate)"
LINEUPS = [(EXPERT, "expert"), (ISMCTS, "ISMCTS(1000)"), (GREEDY, "greedy")]
SETTINGS = [("board", "simple"), ("board", "advanced"), ("stroll", "simple"), ("stroll", "advanced")]
Z95, Z90 = 1.959964, 1.644854
MARGIN = 0.05

metrics = read(HERE, "metrics.csv")
compare = read(HERE, "compare.csv")


def seat0(mode, scoring, lineup):
    """metrics.csv's seat-0 row of a setting and lineup."""
    for r in metrics:
        if (r["mode"], r["scoring"], r["lineup"], r["seat"]) == (mode, scoring, lineup, "0"):
            return r
    raise SystemExit(f"no seat-0 row for {mode}, {scoring}, {lineup}")


def vs_ismcts(mode, scoring, lineup):
    """compare.csv's seat-0 ratio row of a lineup against the ISMCTS mirror."""
    for r in compare:
        if (r["mode"], r["scoring"], r["lineup"], r["seat"], r["metric"]) == (
                mode, scoring, lineup, "0", "seat_ratio"):
            return r
    return None


print("## (1) Is any setting fair within the margin?\n")
print(f"Seat 0's ratio (2 × win share; 1 = fair) [95%]; fair within the margin when its 90% "
      f"interval lies inside 1 ± {MARGIN}.\n")
rows = []
for mode, scoring in SETTINGS:
    for lineup, name in LINEUPS:
        r = seat0(mode, scoring, lineup)
        v, lo, hi = float(r["seat_ratio"]), float(r["seat_ratio_low95"]), float(r["seat_ratio_high95"])
        se = (hi - lo) / (2 * Z95)
        lo90, hi90 = v - Z90 * se, v + Z90 * se
        fair = "yes" if 1 - MARGIN < lo90 and hi90 < 1 + MARGIN else (
            "no" if lo90 > 1 + MARGIN or hi90 < 1 - MARGIN else "inconclusive")
        rows.append([mode, scoring, name, r["games"], f"{v:.3f} [{lo:.3f}, {hi:.3f}]",
                     f"{float(r['win_share']) * 100:.1f}%", f"{float(r['tie_rate']) * 100:.1f}%", fair])
table(["mode", "scoring", "players", "games", "seat 0's ratio [95%]", "seat 0's win share", "ties",
       "fair within ±0.05"], rows)

print("## (2) Is the edge between expert players the edge between ISMCTS players?\n")
print(f"Seat 0's ratio, each lineup's mirror against the ISMCTS(1000) mirror on the same deals "
      f"(paired per deal; margin {MARGIN}): verdict, difference [95%].\n")
rows = []
for mode, scoring in SETTINGS:
    rows.append([mode, scoring] + [comparison_cell(vs_ismcts(mode, scoring, lineup), True)
                                   for lineup, _ in LINEUPS[::2]])
table(["mode", "scoring", "expert − ISMCTS", "greedy − ISMCTS"], rows)
