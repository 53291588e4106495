#!/usr/bin/env python3
"""Print every table of results/seaside-removals/README.md from the committed
CSVs: this folder's metrics.csv, compare.csv and confirm.csv (random and
greedy players), and ../seaside-removals-searcher/ (ISMCTS players), with the
criterion's steps decided from them. Python standard library only.

    python3 results/seaside-removals/tables.py
"""
import os
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from tablelib import comparison_cell, read, table  # noqa: E402 (results/tablelib.py)
SEARCHER = os.path.join(HERE, "..", "seaside-removals-searcher")
GREEDY = "greedy(worlds=8)"
ISMCTS = "ismcts(iterations=1000,c=0.7,rollout=random,reward=auto)"
TOKENS = 70
RULEBOOK = {2: range(30, 41), 3: range(15, 21)}


metrics = read(HERE, "metrics.csv")
compare = read(HERE, "compare.csv")
confirm = read(HERE, "confirm.csv")
s_metrics = read(SEARCHER, "metrics.csv")
s_compare = read(SEARCHER, "compare.csv")


def cmp_row(rows, removed, players, lineup, metric, seat="all", bot="all"):
    for r in rows:
        if (r["removed"], r["players"], r["lineup"], r["metric"], r["seat"], r["bot"]) == (
                str(removed), str(players), lineup, metric, seat, bot):
            return r
    return None


def removals(players):
    return sorted({int(r["removed"]) for r in compare if r["players"] == str(players)})


def tokens_per_player(removed, players):
    return Fraction(TOKENS - removed, players)


def acceptable(removed, players):
    worst = cmp_row(compare, removed, players, GREEDY, "min_seat_ratio")
    best = cmp_row(compare, removed, players, GREEDY, "max_seat_ratio")
    skill = cmp_row(compare, removed, players, f"{GREEDY},random", "skill_elo", bot=GREEDY)
    ok = lambda r, good: r is not None and r["verdict"] in good
    return (ok(worst, ("equivalent", "better")) and ok(best, ("equivalent", "better"))
            and ok(skill, ("equivalent", "better", "inconclusive")))


def non_inferior(removed, players):
    """The rule read as non-inferiority: no seat and no skill worse than
    the 4-player game's by more than the margin, by the bad-side bound of
    the 95% interval (one-sided 2.5%: stricter than the rule's 5%)."""
    worst = cmp_row(compare, removed, players, GREEDY, "min_seat_ratio")
    best = cmp_row(compare, removed, players, GREEDY, "max_seat_ratio")
    skill = cmp_row(compare, removed, players, f"{GREEDY},random", "skill_elo", bot=GREEDY)
    if None in (worst, best, skill):
        return False
    return (float(worst["diff_low95"]) > -float(worst["margin"])
            and float(best["diff_high95"]) < float(best["margin"])
            and float(skill["diff_low95"]) > -float(skill["margin"]))


def pick_nearest(candidates, players):
    target = Fraction(35, 2)
    return min(candidates, key=lambda r: (abs(tokens_per_player(r, players) - target), r))


def mark(removed, players):
    return " (rulebook)" if removed in RULEBOOK[players] else ""


print("## The reference: the game with every token (greedy players)\n")
rows = []
for players in (4, 5):
    m = [r for r in metrics if r["players"] == str(players) and r["removed"] == "0"]
    g = next(r for r in m if r["lineup"] == GREEDY and r["seat"] == "0")
    rnd = next(r for r in m if r["lineup"] == "random" and r["seat"] == "0")
    sk = next(r for r in m if r["lineup"] == f"{GREEDY},random" and r["bot"] == GREEDY)
    rows.append([players, f"{g['max_seat_ratio']} [{g['max_seat_ratio_low95']}, {g['max_seat_ratio_high95']}]",
                 f"{g['min_seat_ratio']} [{g['min_seat_ratio_low95']}, {g['min_seat_ratio_high95']}]",
                 f"{rnd['max_seat_ratio']} / {rnd['min_seat_ratio']}",
                 f"{float(sk['skill_elo']):.0f} [{float(sk['skill_elo_low95']):.0f}, {float(sk['skill_elo_high95']):.0f}]",
                 f"{100 * float(g['tie_rate']):.1f}%", f"{float(tokens_per_player(0, players)):.1f}"])
table(["players", "best seat's ratio, greedy [95%]", "worst seat's ratio, greedy [95%]",
       "best / worst, random", "greedy's skill Elo vs random [95%]", "ties, greedy", "tokens per player"], rows)

for players in (2, 3):
    print(f"## Answer table, {players} players: each removal against the 4-player game (greedy players)\n")
    rows = []
    for removed in removals(players):
        worst = cmp_row(compare, removed, players, GREEDY, "min_seat_ratio")
        best = cmp_row(compare, removed, players, GREEDY, "max_seat_ratio")
        skill = cmp_row(compare, removed, players, f"{GREEDY},random", "skill_elo", bot=GREEDY)
        ties = cmp_row(compare, removed, players, GREEDY, "tie_rate")
        m = next(r for r in metrics if r["players"] == str(players) and r["removed"] == str(removed)
                 and r["lineup"] == GREEDY and r["seat"] == "0")
        tpp = tokens_per_player(removed, players)
        rows.append([f"{removed}{mark(removed, players)}", f"{float(tpp):.2f}",
                     f"{m['min_seat_ratio']} / {m['max_seat_ratio']}", comparison_cell(worst), comparison_cell(best), comparison_cell(skill),
                     comparison_cell(ties), "yes" if acceptable(removed, players) else "no"])
    table(["removed", "tokens per player", "worst / best seat ratio", "worst seat vs 4p", "best seat vs 4p",
           "greedy's skill Elo vs 4p", "ties vs 4p", "acceptable"], rows)
    ok = [r for r in removals(players) if acceptable(r, players)]
    if ok:
        pick = pick_nearest(ok, players)
        print(f"Acceptable at {players} players by the rule as written: {', '.join(map(str, ok))}. "
              f"Nearest 17.5 tokens per player: **removed = {pick}** "
              f"({float(tokens_per_player(pick, players)):.2f} each).\n")
    else:
        print(f"No removal is acceptable at {players} players by the rule as written.\n")
    ni = [r for r in removals(players) if non_inferior(r, players)]
    if ni:
        pick = pick_nearest(ni, players)
        print(f"Read as non-inferiority (no seat and no skill worse than the 4-player game's by more than "
              f"the margin, by the 95% interval's bad-side bound): {', '.join(map(str, ni))}; nearest 17.5 "
              f"tokens per player: removed = {pick} ({float(tokens_per_player(pick, players)):.2f} each).\n")
    else:
        print("Read as non-inferiority: no removal qualifies either.\n")

if s_compare:
    for players in (2, 3):
        print(f"## Sensitivity, {players} players: ISMCTS players (1000 iterations) against the 4-player game\n")
        rows = []
        for removed in sorted({int(r["removed"]) for r in s_compare if r["players"] == str(players)}):
            worst = cmp_row(s_compare, removed, players, ISMCTS, "min_seat_ratio")
            best = cmp_row(s_compare, removed, players, ISMCTS, "max_seat_ratio")
            skill = cmp_row(s_compare, removed, players, f"{ISMCTS},{GREEDY}", "skill_elo", bot=ISMCTS)
            m = next(r for r in s_metrics if r["players"] == str(players) and r["removed"] == str(removed)
                     and r["lineup"] == ISMCTS and r["seat"] == "0")
            rows.append([f"{removed}{mark(removed, players)}", m["games"],
                         f"{m['min_seat_ratio']} / {m['max_seat_ratio']}", comparison_cell(worst, True), comparison_cell(best, True),
                         comparison_cell(skill, True)])
        table(["removed", "games", "worst / best seat ratio", "worst seat vs 4p", "best seat vs 4p",
               "ISMCTS's skill Elo vs greedy, vs 4p"], rows)
else:
    print("## Sensitivity: ISMCTS players\n\nNot run yet (../seaside-removals-searcher/ has no compare.csv).\n")

print("## The first player's edge by strength (seat 0's ratio [95%])\n")
rows = []
for players, removed in [(2, 0), (2, 30), (2, 35), (2, 40), (3, 0), (3, 15), (3, 17), (3, 20), (4, 0)]:
    row = [players, removed]
    for source, lineup in [(metrics, "random"), (metrics, GREEDY), (s_metrics, ISMCTS)]:
        r = next((x for x in source if x["players"] == str(players) and x["removed"] == str(removed)
                  and x["lineup"] == lineup and x["seat"] == "0"), None)
        row.append("—" if r is None else f"{r['seat_ratio']} [{r['seat_ratio_low95']}, {r['seat_ratio_high95']}]")
    rows.append(row)
table(["players", "removed", "random", "greedy", "ISMCTS (1000 iterations)"], rows)

print("## Ties and the parity of the tokens in play (2 players, removed 28 to 42)\n")
rows = []
for lineup in ["random", GREEDY]:
    for parity, label in [(0, "even"), (1, "odd")]:
        cells = [r for r in metrics if r["players"] == "2" and r["lineup"] == lineup and r["seat"] == "0"
                 and 28 <= int(r["removed"]) <= 42 and (TOKENS - int(r["removed"])) % 2 == parity]
        games = sum(int(r["games"]) for r in cells)
        ties = sum(float(r["tie_rate"]) * int(r["games"]) for r in cells)
        rate = ties / games
        # Settings are independent runs of whole deals: the binomial error
        # of the pooled rate (deals of one game here, no rotation).
        half = 1.96 * (rate * (1 - rate) / games) ** 0.5
        rows.append([lineup if lineup == "random" else "greedy", label, len(cells), games,
                     f"{100 * rate:.2f}% [{100 * (rate - half):.2f}, {100 * (rate + half):.2f}]"])
table(["players", "tokens in play", "settings", "games", "ties [95%]"], rows)

if confirm:
    print("## Confirmation: the picks replayed with a fresh seed (greedy players)\n")
    rows = []
    for r in confirm:
        if not r["margin"] or r["metric"] == "seat_ratio":
            continue
        if r["lineup"] not in (GREEDY, f"{GREEDY},random"):
            continue
        if r["metric"] == "skill_elo" and r["bot"] != GREEDY:
            continue
        rows.append([r["run"], r["players"], r["removed"], r["lineup"].replace(GREEDY, "greedy"), r["metric"],
                     r["value"], r["baseline_value"], f"{r['diff']} [{r['diff_low95']}, {r['diff_high95']}]",
                     r["margin"], r["verdict"]])
    table(["run", "players", "removed", "lineup", "metric", "value", "4p", "difference [95%]", "margin", "verdict"],
          rows)

    def holds(run, players, removed):
        """(the rule as written, non-inferiority) for a pick in one run."""
        rows = [r for r in confirm if r["run"] == run and r["players"] == str(players)
                and r["removed"] == str(removed)]
        get = lambda lineup, metric, bot="all": next(
            r for r in rows if r["lineup"] == lineup and r["metric"] == metric and r["bot"] == bot)
        worst, best = get(GREEDY, "min_seat_ratio"), get(GREEDY, "max_seat_ratio")
        skill = get(f"{GREEDY},random", "skill_elo", GREEDY)
        written = (worst["verdict"] in ("equivalent", "better") and best["verdict"] in ("equivalent", "better")
                   and skill["verdict"] != "worse")
        ni = (float(worst["diff_low95"]) > -float(worst["margin"])
              and float(best["diff_high95"]) < float(best["margin"])
              and float(skill["diff_low95"]) > -float(skill["margin"]))
        return written, ni

    yes = lambda b: "yes" if b else "no"
    picks = sorted({(int(r["players"]), int(r["removed"])) for r in confirm})
    rows = []
    for players, removed in picks:
        o, c = holds("original", players, removed), holds("confirm", players, removed)
        rows.append([players, removed, yes(o[0]), yes(c[0]), yes(o[1]), yes(c[1])])
    table(["players", "removed", "acceptable as written: sweep", "as written: confirmation",
           "non-inferior: sweep", "non-inferior: confirmation"], rows)


def metric(players, removed, lineup, column, seat="0", bot=None):
    r = next(x for x in metrics if x["players"] == str(players) and x["removed"] == str(removed)
             and x["lineup"] == lineup and x["seat"] == seat and (bot is None or x["bot"] == bot))
    return r[column]


def elo(players, removed):
    return float(metric(players, removed, f"{GREEDY},random", "skill_elo", seat="all", bot=GREEDY))


def ties_by_parity(lineup):
    out = {}
    for parity in (0, 1):
        cells = [r for r in metrics if r["players"] == "2" and r["lineup"] == lineup and r["seat"] == "0"
                 and 28 <= int(r["removed"]) <= 42 and (TOKENS - int(r["removed"])) % 2 == parity]
        games = sum(int(r["games"]) for r in cells)
        out[parity] = sum(float(r["tie_rate"]) * int(r["games"]) for r in cells) / games
    return out


print("## Answer: key numbers\n")
w2 = cmp_row(compare, 35, 2, GREEDY, "min_seat_ratio")
w3 = cmp_row(compare, 17, 3, GREEDY, "min_seat_ratio")
picks = {p: ([r for r in removals(p) if acceptable(r, p)], [r for r in removals(p) if non_inferior(r, p)])
         for p in (2, 3)}
say = lambda rs: pick_nearest(rs, 2) if rs else "none"
t = ties_by_parity(GREEDY)
table(["what", "value"], [
    ["worst seat's ratio, 2 players, 35 removed, against 4 players",
     f"{w2['value']} against {w2['baseline_value']}: {w2['diff']} [{w2['diff_low95']}, {w2['diff_high95']}]"],
    ["worst seat's ratio, 3 players, 17 removed, against 4 players",
     f"{w3['value']} against {w3['baseline_value']}: {w3['diff']} [{w3['diff_low95']}, {w3['diff_high95']}]"],
    ["best seat's ratio, 2 players: 0, 35 removed; 4 players",
     f"{metric(2, 0, GREEDY, 'max_seat_ratio')}, {metric(2, 35, GREEDY, 'max_seat_ratio')}; "
     f"{metric(4, 0, GREEDY, 'max_seat_ratio')}"],
    ["pick by the rule as written: 2 players, 3 players",
     f"{pick_nearest(picks[2][0], 2) if picks[2][0] else 'none'}, {pick_nearest(picks[3][0], 3) if picks[3][0] else 'none'}"],
    ["pick read as non-inferiority: 2 players, 3 players",
     f"{pick_nearest(picks[2][1], 2) if picks[2][1] else 'none'}, {pick_nearest(picks[3][1], 3) if picks[3][1] else 'none'}"],
    ["greedy's skill Elo against random, 2 players: 0, 35, 40 removed; 4 players",
     f"{elo(2, 0):.0f}, {elo(2, 35):.0f}, {elo(2, 40):.0f}; {elo(4, 0):.0f}"],
    ["ties between greedy players, 2 players, removed 28-42: even, odd tokens in play",
     f"{100 * t[0]:.2f}%, {100 * t[1]:.2f}%"],
])
