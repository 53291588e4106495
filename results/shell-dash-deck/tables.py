#!/usr/bin/env python3
"""Print every table of results/shell-dash-deck/README.md from the committed
CSVs (metrics.csv, trends.csv, compare.csv, confirm.csv), with the
criterion's steps decided from them. Python standard library only.

    python3 results/shell-dash-deck/tables.py
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from tablelib import read, table  # noqa: E402 (results/tablelib.py)
GREEDY = "greedy(worlds=8)"
ISMCTS = "ismcts(iterations=2000,c=0.7,rollout=random,reward=auto)"
SHORT = {GREEDY: "greedy", ISMCTS: "ismcts", "random": "random"}


def short(lineup):
    return ",".join(SHORT.get(b, b) for b in split_lineup(lineup))


def split_lineup(lineup):
    """Split a lineup at top-level commas."""
    out, depth, cur = [], 0, ""
    for c in lineup:
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    out.append(cur)
    return out


def pct(x):
    return f"{100 * float(x):.1f}"


metrics = read(HERE, "metrics.csv")
trends = read(HERE, "trends.csv")
confirm = read(HERE, "confirm.csv")


def metric_row(players, lineup, rule, shells, jelly, seat="0"):
    for r in metrics:
        if (r["players"], r["lineup"], r["reshuffle"], r["deck.Shell"], r["deck.Jellyfish"], r["seat"]) == (
            str(players), lineup, rule, str(shells), str(jelly), seat):
            return r
    raise KeyError((players, lineup, rule, shells, jelly, seat))


print("## Default deck, 2 players: first player's win share and length\n")
rows = []
for lineup in ["random", GREEDY, ISMCTS]:
    for rule in ["choice", "empty"]:
        r = metric_row(2, lineup, rule, 14, 8)
        rows.append([SHORT[lineup], rule, f"{pct(r['win_share'])}% [{pct(r['win_low95'])}, {pct(r['win_high95'])}]",
                     f"{float(r['seat_ratio']):.3f} [{float(r['seat_ratio_low95']):.3f}, {float(r['seat_ratio_high95']):.3f}]",
                     f"{float(r['mean_turns']):.2f} ± {float(r['turns_ci95']):.2f}", r["games"]])
table(["players", "rule", "first player's win share [95%]", "seat ratio [95%]",
       "turns (both players')", "games"], rows)

print("## Skill at the default deck: a bot against random players (2 players)\n")
rows = []
for lineup in [f"{ISMCTS},random", f"{GREEDY},random"]:
    for rule in ["choice", "empty"]:
        bot = split_lineup(lineup)[0]
        r = metric_row(2, lineup, rule, 14, 8, seat="all")
        r = next(x for x in metrics if x["lineup"] == lineup and x["reshuffle"] == rule and x["deck.Shell"] == "14"
                 and x["deck.Jellyfish"] == "8" and x["seat"] == "all" and x["bot"] == bot)
        rows.append([SHORT[bot], rule, f"{pct(r['win_share'])}% [{pct(r['win_low95'])}, {pct(r['win_high95'])}]",
                     f"{float(r['skill_elo']):.0f} [{float(r['skill_elo_low95']):.0f}, {float(r['skill_elo_high95']):.0f}]",
                     r["games"]])
table(["bot (against random)", "rule", "its win share [95%]", "skill Elo [95%]", "games"], rows)

print("## Solo: turns to collect 3 Shells (fewer is better)\n")
rows = []
for lineup in ["random", GREEDY, ISMCTS]:
    for rule in ["choice", "empty"]:
        r = metric_row(1, lineup, rule, 14, 8)
        rows.append([SHORT[lineup], rule, f"{float(r['mean_turns']):.2f} ± {float(r['turns_ci95']):.2f}",
                     f"{float(r['sd_turns']):.2f}", r["games"]])
table(["player", "rule", "turns (mean ± 95%)", "sd", "games"], rows)

print("## Step 1: the trend of the first player's seat ratio on ln(turns), across the 35 decks\n")
rows = []
fits = {}
for lineup in [GREEDY, f"{GREEDY},random"]:
    for rule in ["choice", "empty"]:
        t = next(x for x in trends if x["lineup"] == lineup and x["reshuffle"] == rule and x["seat"] == "0"
                 and x["metric"] == "seat_ratio" and x["x"] == "mean_turns")
        a, b = float(t["intercept"]), float(t["slope"])
        fits[(lineup, rule)] = (a, b)
        reach = math.exp((1.05 - a) / b) if b < 0 else float("nan")
        rows.append([short(lineup), rule, t["points"], f"{a:.3f}", f"{b:.4f} [{float(t['slope_low95']):.4f}, {float(t['slope_high95']):.4f}]",
                     f"{float(t['reduced_chi2']):.2f}", f"{a / 2:.3f} {b / 2:+.4f} · ln T", f"{reach:.1f}"])
table(["lineup", "rule", "decks", "intercept a", "slope b per ln turn [95%]", "reduced χ²",
       "first player's share", "turns T where the ratio reaches 1.05"], rows)
a, b = fits[(GREEDY, "choice")]
slope_row = next(x for x in trends if x["lineup"] == GREEDY and x["reshuffle"] == "choice" and x["seat"] == "0"
                 and x["metric"] == "seat_ratio" and x["x"] == "mean_turns")
below = float(slope_row["slope_high95"]) < 0
print(f"Greedy players, `choice`: the slope's 95% interval lies {'below 0: length is the lever' if below else 'across 0: no deck is recommended'}.\n")

print("## Step 2: the pick (the longest deck within twice the default's length, `choice`, greedy)\n")
default = metric_row(2, GREEDY, "choice", 14, 8)
limit = 2 * float(default["mean_turns"])
decks = [r for r in metrics if r["players"] == "2" and r["lineup"] == GREEDY and r["reshuffle"] == "choice" and r["seat"] == "0"]
within = [r for r in decks if float(r["mean_turns"]) <= limit]
pick = max(within, key=lambda r: float(r["mean_turns"]))
rows = []
for r in sorted(decks, key=lambda r: -float(r["mean_turns"]))[:6]:
    t = float(r["mean_turns"])
    rows.append([f"Shell:{r['deck.Shell']}, Jellyfish:{r['deck.Jellyfish']}", f"{t:.2f} ± {float(r['turns_ci95']):.2f}",
                 "yes" if t <= limit else "no (too long)", f"{a + b * math.log(t):.3f}",
                 f"{float(r['seat_ratio']):.3f}", "**pick**" if r is pick else ""])
rows.append(["Shell:14, Jellyfish:8 (default)", f"{float(default['mean_turns']):.2f} ± {float(default['turns_ci95']):.2f}",
             "", f"{a + b * math.log(float(default['mean_turns'])):.3f}", f"{float(default['seat_ratio']):.3f}", "baseline"])
table(["deck (the six longest)", "turns", f"within 2 × default ({limit:.2f})", "trend's seat ratio",
       "measured seat ratio", ""], rows)

print("## Step 3: the pick against the default deck, original run and confirmation (fresh seed)\n")
rows = []
for r in confirm:
    if r["margin"] == "" or r["metric"] == "seat_ratio" and r["seat"] == "1":
        continue
    what = r["metric"] if r["seat"] == "all" else f"{r['metric']} seat {r['seat']}"
    if r["metric"] == "skill_elo":
        what += f" ({SHORT.get(r['bot'], r['bot'])})"
    rows.append([r["run"], short(r["lineup"]), what, r["value"], r["baseline_value"],
                 f"{r['diff']} [{r['diff_low95']}, {r['diff_high95']}]", r["margin"], r["verdict"]])
table(["run", "lineup", "metric", "pick", "default", "difference [95%]", "margin", "verdict"], rows)
confirmed = [r for r in confirm if r["run"] == "confirm" and r["lineup"] == GREEDY and r["metric"] == "max_seat_ratio"]
verdict = confirmed[0]["verdict"] if confirmed else "none"
print(f"Confirmed max_seat_ratio verdict (greedy): **{verdict}**: "
      + ("the pick is recommended." if verdict == "better"
         else "by the criterion, no deck of the sweep measurably reduces the first player's advantage beyond the margin.") + "\n")

print("## The deck grid (greedy players, 2 players, `choice`): first player's win share, turns\n")
shells = sorted({int(r["deck.Shell"]) for r in decks})
jellies = sorted({int(r["deck.Jellyfish"]) for r in decks})
rows = []
for s in shells:
    row = [str(s)]
    for j in jellies:
        r = metric_row(2, GREEDY, "choice", s, j)
        row.append(f"{pct(r['win_share'])}%, {float(r['mean_turns']):.1f}")
    rows.append(row)
table(["Shells \\ Jellyfish"] + [str(j) for j in jellies], rows)
half = max(float(r["win_high95"]) - float(r["win_share"]) for r in decks)
print(f"Each share's 95% interval is at most ±{100 * half:.1f} points.\n")
