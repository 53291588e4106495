#!/usr/bin/env python3
"""Print every table of results/seashells-balance/README.md from the
committed CSVs (metrics.csv, compare.csv), with the criterion's steps
decided from them. Python standard library only.

    python3 results/seashells-balance/tables.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from tablelib import comparison_cell, read, table  # noqa: E402 (results/tablelib.py)
GREEDY = "greedy(worlds=8)"
ISMCTS = "ismcts(iterations=1000,c=0.7,rollout=random,reward=auto)"
ORACLE = "oracle(iterations=1000,c=0.7,rollout=random,reward=auto)"
SKILL = f"{ISMCTS},{GREEDY}"
Z95, Z90 = 1.959964, 1.644854
MARGIN = 0.05
PLAYERS = ["2", "3", "4", "5"]


metrics = read(HERE, "metrics.csv")
compare = read(HERE, "compare.csv")


def m_row(mode, scoring, bottles, players, lineup, seat="0", bot=None):
    for r in metrics:
        if (r["mode"], r["scoring"], r["bottles"], r["players"], r["lineup"], r["seat"]) == (
                mode, scoring, bottles, players, lineup, seat) and (bot is None or r["bot"] == bot):
            return r
    return None


def c_row(mode, scoring, bottles, players, lineup, metric, seat="all", bot="all"):
    for r in compare:
        if (r["mode"], r["scoring"], r["bottles"], r["players"], r["lineup"], r["metric"], r["seat"]) == (
                mode, scoring, bottles, players, lineup, metric, seat) and (seat != "all" or r["bot"] == bot):
            return r
    return None


def ratio(r, which):
    return f"{r[which]} [{r[which + '_low95']}, {r[which + '_high95']}]"


SETTINGS = [("board", "simple", "spend"), ("board", "advanced", "spend"), ("stroll", "simple", "spend"),
            ("stroll", "advanced", "spend"), ("board", "simple", "plain"), ("stroll", "simple", "plain")]

print("## Seat balance: the best and the worst seat's ratio (players × win share; 1 = fair) [95%]\n")
rows = []
for mode, scoring, bottles in SETTINGS[:4]:
    for players in PLAYERS:
        g = m_row(mode, scoring, bottles, players, GREEDY)
        i = m_row(mode, scoring, bottles, players, ISMCTS)
        rnd = m_row(mode, scoring, bottles, players, "random")
        rows.append([mode, scoring, players, ratio(g, "max_seat_ratio"), ratio(g, "min_seat_ratio"),
                     ratio(i, "max_seat_ratio"), ratio(i, "min_seat_ratio"),
                     f"{rnd['max_seat_ratio']} / {rnd['min_seat_ratio']}",
                     f"{100 * float(g['tie_rate']):.1f}%", f"{float(g['mean_turns']):.1f}"])
table(["mode", "scoring", "players", "best seat, greedy", "worst seat, greedy", "best seat, ISMCTS",
       "worst seat, ISMCTS", "best / worst, random", "ties, greedy", "turns, greedy"], rows)

print("## The levers against the basic game (board, simple, bottles spent), greedy players, paired per deal\n")
rows = []
for mode, scoring, bottles in SETTINGS[1:4]:
    for players in PLAYERS:
        best = c_row(mode, scoring, bottles, players, GREEDY, "max_seat_ratio")
        worst = c_row(mode, scoring, bottles, players, GREEDY, "min_seat_ratio")
        seat0 = c_row(mode, scoring, bottles, players, GREEDY, "seat_ratio", seat="0")
        ties = c_row(mode, scoring, bottles, players, GREEDY, "tie_rate")
        rows.append([f"{mode}, {scoring}", players, comparison_cell(best), comparison_cell(worst), comparison_cell(seat0), comparison_cell(ties)])
table(["setting", "players", "best seat", "worst seat", "seat 0 (paired)", "ties"], rows)

print("## The same, ISMCTS players (1,200 games: a sensitivity check)\n")
rows = []
for mode, scoring, bottles in SETTINGS[1:4]:
    for players in PLAYERS:
        best = c_row(mode, scoring, bottles, players, ISMCTS, "max_seat_ratio")
        worst = c_row(mode, scoring, bottles, players, ISMCTS, "min_seat_ratio")
        seat0 = c_row(mode, scoring, bottles, players, ISMCTS, "seat_ratio", seat="0")
        rows.append([f"{mode}, {scoring}", players, comparison_cell(best, True), comparison_cell(worst, True),
                     comparison_cell(seat0, True)])
table(["setting", "players", "best seat", "worst seat", "seat 0 (paired)"], rows)

print("## Skill: ISMCTS's Elo against greedy players, and greedy's against random, against the basic game\n")
rows = []
for mode, scoring, bottles in SETTINGS[1:]:
    for players in PLAYERS:
        ism = c_row(mode, scoring, bottles, players, SKILL, "skill_elo", bot=ISMCTS)
        gr = c_row(mode, scoring, bottles, players, f"{GREEDY},random", "skill_elo", bot=GREEDY)
        if ism is None and gr is None:
            continue
        base = m_row("board", "simple", "spend", players, SKILL, seat="all", bot=ISMCTS)
        rows.append([f"{mode}, {scoring}, {bottles}", players,
                     f"{float(base['skill_elo']):.0f}" if base else "—", comparison_cell(ism, True), comparison_cell(gr)])
table(["setting", "players", "ISMCTS's Elo vs greedy, basic game", "ISMCTS's Elo vs greedy: difference",
       "greedy's Elo vs random: difference"], rows)

print("## The 2-player first-player edge: is any setting fair within the margin?\n")
print(f"Seat 0's ratio [95%]; fair within the margin when its 90% interval lies inside 1 ± {MARGIN}.\n")
rows = []
for mode, scoring, bottles in SETTINGS[:4]:
    for lineup, name in [(GREEDY, "greedy"), (ISMCTS, "ISMCTS"), ("random", "random")]:
        r = m_row(mode, scoring, bottles, "2", lineup)
        v, lo, hi = float(r["seat_ratio"]), float(r["seat_ratio_low95"]), float(r["seat_ratio_high95"])
        se = (hi - lo) / (2 * Z95)
        lo90, hi90 = v - Z90 * se, v + Z90 * se
        fair = "yes" if 1 - MARGIN < lo90 and hi90 < 1 + MARGIN else ("no" if lo90 > 1 + MARGIN or hi90 < 1 - MARGIN else "inconclusive")
        rows.append([mode, scoring, name, r["games"], f"{v:.3f} [{lo:.3f}, {hi:.3f}]",
                     f"{100 * v / 2:.1f}%", fair])
table(["mode", "scoring", "players", "games", "seat 0's ratio [95%]", "seat 0's win share", "fair within ±0.05"],
      rows)

print("## Hidden information: the oracle (1000 iterations, sees the secret cards) against ISMCTS (1000 iterations)\n")
rows = []
lineup = f"{ORACLE},{ISMCTS}"
for players in PLAYERS:
    r = m_row("board", "simple", "spend", players, lineup, seat="all", bot=ORACLE)
    rows.append([players, r["games"], f"{100 * float(r['win_share']):.1f}% [{100 * float(r['win_low95']):.1f}, "
                 f"{100 * float(r['win_high95']):.1f}]", f"{100 / int(players):.1f}%",
                 f"{float(r['skill_elo']):.0f} [{float(r['skill_elo_low95']):.0f}, {float(r['skill_elo_high95']):.0f}]"])
table(["players", "games", "oracle's win share [95%]", "fair share", "oracle's skill Elo over ISMCTS [95%]"], rows)

print("## After the results (a760867): the bottles' own effect, mode held\n")
print("ISMCTS's skill Elo against greedy with bottles as plain items minus with bottles spent, in the\n"
      "same mode (simple scoring). Not a test of the rule: the rule compares every setting with board\n"
      "mode and bottles spent, so its stroll-mode rows mix the mode with the bottles. The two settings\n"
      "share their deals' seeds; the difference's interval combines the two intervals in quadrature\n"
      "(unpaired: conservative where the pairs agree).\n")
rows = []
for mode in ["board", "stroll"]:
    for players in PLAYERS:
        plain = m_row(mode, "simple", "plain", players, SKILL, seat="all", bot=ISMCTS)
        spend = m_row(mode, "simple", "spend", players, SKILL, seat="all", bot=ISMCTS)
        se = lambda r: (float(r["skill_elo_high95"]) - float(r["skill_elo_low95"])) / (2 * Z95)
        d = float(plain["skill_elo"]) - float(spend["skill_elo"])
        h = Z95 * (se(plain) ** 2 + se(spend) ** 2) ** 0.5
        rows.append([mode, players, f"{float(spend['skill_elo']):.0f}", f"{float(plain['skill_elo']):.0f}",
                     f"{d:+.0f} [{d - h:+.0f}, {d + h:+.0f}]"])
table(["mode", "players", "bottles spent", "bottles plain", "plain − spent [95%]"], rows)
