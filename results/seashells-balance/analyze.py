#!/usr/bin/env python3
"""The seashells-balance tables and verdicts, computed from metrics.csv
(standard library only). Every number in README.md comes from here.

Usage: python3 analyze.py [metrics.csv]   (default: the metrics.csv beside this file)

The criteria, fixed before the results were looked at (README.md):
 - fairness of a configuration: the largest deviation of a seat's win share
   from 1/players in ISMCTS mirror matches; a scoring is clearly fairer
   than the other when the most deviating seat's 95% intervals of the two
   scorings do not overlap;
 - skill expression: the win share of one ISMCTS against greedy players
   (and of one greedy against random players); a scoring clearly rewards
   skill more when its 95% interval lies above the other's.
"""
import csv
import os
import sys

GREEDY = "greedy(worlds=8)"
PLAYERS = []


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "metrics.csv")
    rows = list(csv.DictReader(open(path, newline="")))
    ismcts = next(r["lineup"] for r in rows if r["lineup"].startswith("ismcts(") and "greedy" not in r["lineup"])
    oracle = next(r["bot"] for r in rows if r["bot"].startswith("oracle("))
    global PLAYERS
    PLAYERS = sorted({int(r["players"]) for r in rows})
    vs_greedy = ismcts + "," + GREEDY
    vs_random = GREEDY + ",random"

    def get(mode, scoring, bottles, players, lineup, seat, bot=None):
        for r in rows:
            if (r["mode"], r["scoring"], r["bottles"], r["players"], r["lineup"], r["seat"]) == (
                    mode, scoring, bottles, str(players), lineup, str(seat)) and (bot is None or r["bot"] == bot):
                return r
        return None

    def share(r, pct=True):
        k = 100 if pct else 1
        return f"{k * float(r['win_share']):.1f} [{k * float(r['win_low95']):.1f}, {k * float(r['win_high95']):.1f}]"

    def worst_seat(mode, scoring, bottles, players):
        fair = 1 / players
        seats = [get(mode, scoring, bottles, players, ismcts, s) for s in range(players)]
        return max(seats, key=lambda r: abs(float(r["win_share"]) - fair))

    def overlap(a, b):
        return float(a["win_low95"]) <= float(b["win_high95"]) and float(b["win_low95"]) <= float(a["win_high95"])

    print("## Seat advantage: win share (%) of each seat, ISMCTS mirror matches [95%]\n")
    print("| mode | scoring | players | fair | " + " | ".join(f"seat {s}" for s in range(5)) + " | ties % | turns |")
    print("| --- | --- | --- | --- | " + " | ".join("---" for _ in range(5)) + " | --- | --- |")
    for mode in ("board", "stroll"):
        for scoring in ("simple", "advanced"):
            for players in PLAYERS:
                seats = [get(mode, scoring, "spend", players, ismcts, s) for s in range(players)]
                cells = [share(r) for r in seats] + ["" for _ in range(5 - players)]
                r0 = seats[0]
                print(f"| {mode} | {scoring} | {players} | {100 / players:.1f} | " + " | ".join(cells)
                      + f" | {100 * float(r0['tie_rate']):.1f} [{100 * float(r0['tie_low95']):.1f}, {100 * float(r0['tie_high95']):.1f}]"
                      + f" | {float(r0['mean_turns']):.1f} ± {float(r0['turns_ci95']):.1f} |")

    print("\n## Seat 0's win share (%) with weaker players [95%]\n")
    print("| mode | scoring | players | fair | random mirror | greedy mirror |")
    print("| --- | --- | --- | --- | --- | --- |")
    for mode in ("board", "stroll"):
        for scoring in ("simple", "advanced"):
            for players in PLAYERS:
                r = get(mode, scoring, "spend", players, "random", 0)
                g = get(mode, scoring, "spend", players, GREEDY, 0)
                print(f"| {mode} | {scoring} | {players} | {100 / players:.1f} | {share(r)} | {share(g)} |")

    print("\n## Fairness: the most deviating seat, simple against advanced (ISMCTS mirror)\n")
    print("| mode | players | simple: seat, share | advanced: seat, share | fairer |")
    print("| --- | --- | --- | --- | --- |")
    tally = {"simple": 0, "advanced": 0, "unclear": 0}
    for mode in ("board", "stroll"):
        for players in PLAYERS:
            fair = 1 / players
            s = worst_seat(mode, "simple", "spend", players)
            a = worst_seat(mode, "advanced", "spend", players)
            ds, da = abs(float(s["win_share"]) - fair), abs(float(a["win_share"]) - fair)
            # The same seats in the other scoring, to compare like with like.
            s_at_a = get(mode, "simple", "spend", players, ismcts, a["seat"])
            a_at_s = get(mode, "advanced", "spend", players, ismcts, s["seat"])
            if ds < da and not overlap(a, s_at_a):
                verdict = "simple"
            elif da < ds and not overlap(s, a_at_s):
                verdict = "advanced"
            else:
                verdict = "unclear"
            tally[verdict] += 1
            print(f"| {mode} | {players} | {s['seat']}: {share(s)} | {a['seat']}: {share(a)} | {verdict} |")
    print(f"\nclearly fairer: simple {tally['simple']}, advanced {tally['advanced']}, unclear {tally['unclear']} (of 8)")

    print("\n## Skill expression: win share (%) of one bot against the others [95%]\n")
    print("| mode | players | fair | ISMCTS vs greedy, simple | advanced | greedy vs random, simple | advanced |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    tallies = {"ismcts": {"simple": 0, "advanced": 0, "unclear": 0},
               "greedy": {"simple": 0, "advanced": 0, "unclear": 0}}
    for mode in ("board", "stroll"):
        for players in PLAYERS:
            cells = []
            for key, lineup, bot in (("ismcts", vs_greedy, ismcts), ("greedy", vs_random, GREEDY)):
                s = get(mode, "simple", "spend", players, lineup, "all", bot)
                a = get(mode, "advanced", "spend", players, lineup, "all", bot)
                if overlap(s, a):
                    tallies[key]["unclear"] += 1
                elif float(s["win_share"]) > float(a["win_share"]):
                    tallies[key]["simple"] += 1
                else:
                    tallies[key]["advanced"] += 1
                cells += [share(s), share(a)]
            print(f"| {mode} | {players} | {100 / players:.1f} | " + " | ".join(cells) + " |")
    for key, t in tallies.items():
        print(f"\n{key}: rewards skill clearly more: simple {t['simple']}, advanced {t['advanced']}, unclear {t['unclear']} (of 8)")

    print("\n## Bottles: the rules (spend) against bottles as plain items, simple scoring [95%]\n")
    print("| mode | players | seat 0, ISMCTS mirror: spend | plain | ISMCTS vs greedy: spend | plain "
          "| greedy vs random: spend | plain | seat 0, random: spend | plain | turns (ISMCTS): spend | plain |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for mode in ("board", "stroll"):
        for players in PLAYERS:
            cells = []
            for lineup, seat, bot in ((ismcts, 0, None), (vs_greedy, "all", ismcts), (vs_random, "all", GREEDY),
                                      ("random", 0, None)):
                for bottles in ("spend", "plain"):
                    cells.append(share(get(mode, "simple", bottles, players, lineup, seat, bot)))
            for bottles in ("spend", "plain"):
                r = get(mode, "simple", bottles, players, ismcts, 0)
                cells.append(f"{float(r['mean_turns']):.1f} ± {float(r['turns_ci95']):.1f}")
            print(f"| {mode} | {players} | " + " | ".join(cells) + " |")

    print("\n## Coins (ISMCTS mirror, seat 0 mean score ± 95%), simple scoring\n")
    print("| mode | players | spend | plain |")
    print("| --- | --- | --- | --- |")
    for mode in ("board", "stroll"):
        for players in PLAYERS:
            c = [get(mode, "simple", b, players, ismcts, 0) for b in ("spend", "plain")]
            print(f"| {mode} | {players} | " + " | ".join(
                f"{float(r['mean_score']):.2f} ± {float(r['score_ci95']):.2f}" for r in c) + " |")

    print("\n## Hidden information: one oracle against ISMCTS players (board, simple) [95%]\n")
    print("| players | fair | oracle's win share | oracle - ISMCTS per deal (paired) |")
    print("| --- | --- | --- | --- |")
    lineup = oracle + "," + ismcts
    for players in PLAYERS:
        r = get("board", "simple", "spend", players, lineup, "all", oracle)
        p = r["paired_diff"] and f"{float(r['paired_diff']):+.3f} ± {float(r['paired_ci95']):.3f}"
        print(f"| {players} | {100 / players:.1f} | {share(r)} | {p} |")


if __name__ == "__main__":
    main()
