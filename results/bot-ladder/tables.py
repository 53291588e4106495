#!/usr/bin/env python3
"""The bot-ladder tables, from ratings.csv, pairs.csv and speed.csv (standard library only),
with the hidden-information table (the oracle against ismcts(iterations=2000), pairs.csv).
Every number in README.md comes from here.

Usage: python3 tables.py [FOLDER]   (default: the folder of this file)
"""
import csv
import os
import sys


def short(spec):
    """A bot spec without its default options (as summary.md shows it)."""
    for default in ("worlds=8", "worlds=20", "c=0.7", "rollout=random", "reward=auto", "cutoff=auto", "scale=2", "belief=auto", "leaf=evaluate"):
        spec = spec.replace("," + default, "").replace("(" + default + ",", "(").replace("(" + default + ")", "")
    return spec.replace("()", "")


def game_name(spec, players):
    return f"{spec.split('(')[0]} {players}p"


def main():
    here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    ratings = list(csv.DictReader(open(os.path.join(here, "ratings.csv"), newline="")))
    speed_path = os.path.join(here, "speed.csv")
    speeds = list(csv.DictReader(open(speed_path, newline=""))) if os.path.exists(speed_path) else []
    leagues = []
    for r in ratings:
        key = (r["game_spec"], r["players"])
        if key not in leagues:
            leagues.append(key)
    bots = []
    for r in ratings:
        if r["bot"] not in bots:
            bots.append(r["bot"])

    def rating(bot, league):
        for r in ratings:
            if (r["game_spec"], r["players"]) == league and r["bot"] == bot:
                return r
        return None

    print("### Ratings (Elo, random = 0) [95% bootstrap interval]\n")
    print("| bot | " + " | ".join(game_name(*l) for l in leagues) + " |")
    print("| --- | " + " | ".join("---" for _ in leagues) + " |")
    for bot in bots:
        cells = []
        for l in leagues:
            r = rating(bot, l)
            cells.append(f"{float(r['rating']):.0f} [{float(r['low95']):.0f}, {float(r['high95']):.0f}]" if r else "")
        print(f"| {short(bot)} | " + " | ".join(cells) + " |")

    print("\n### Win share over all its games (%) [95%] and games per bot\n")
    print("| bot | " + " | ".join(game_name(*l) for l in leagues) + " |")
    print("| --- | " + " | ".join("---" for _ in leagues) + " |")
    for bot in bots:
        cells = []
        for l in leagues:
            r = rating(bot, l)
            cells.append(f"{100 * float(r['win_share']):.1f} [{100 * float(r['win_low95']):.1f}, "
                         f"{100 * float(r['win_high95']):.1f}]" if r else "")
        print(f"| {short(bot)} | " + " | ".join(cells) + " |")
    games = {l: rating(bots[0], l)["games"] for l in leagues}
    gpp = {l: rating(bots[0], l)["games_per_pairing"] for l in leagues}
    print("\ngames per bot: " + ", ".join(f"{game_name(*l)} {games[l]} ({gpp[l]} per pairing)" for l in leagues))
    unconverged = [game_name(*l) for l in leagues if any(r["converged"] != "1" for r in ratings
                                                           if (r["game_spec"], r["players"]) == l)]
    print("fits that did not converge: " + (", ".join(unconverged) if unconverged else "none"))

    if speeds:
        print("\n### Speed: decisions per second on one thread (machine-dependent)\n")
        print("| bot | " + " | ".join(game_name(*l) for l in leagues) + " |")
        print("| --- | " + " | ".join("---" for _ in leagues) + " |")
        for bot in bots:
            cells = []
            for l in leagues:
                s = next((s for s in speeds if (s["game_spec"], s["players"]) == l and s["bot"] == bot), None)
                v = float(s["decisions_per_second"]) if s else None
                cells.append("" if v is None else f"{v:,.0f}" if v >= 100 else f"{v:.1f}")
            print(f"| {short(bot)} | " + " | ".join(cells) + " |")

    pairs_path = os.path.join(here, "pairs.csv")
    if os.path.exists(pairs_path):
        pairs_tables(list(csv.DictReader(open(pairs_path, newline=""))), leagues, bots, rating)


def pairs_tables(pairs, leagues, bots, rating):
    """The pairwise matrix, the differences between bots next to each other
    in the ratings, and the misfits."""

    def pair(league, a, b):
        """(score of a against b, its interval, predicted, elo_diff a - b and
        its interval, misfit) whichever order pairs.csv lists them in."""
        for p in pairs:
            if (p["game_spec"], p["players"]) != league:
                continue
            if (p["bot_a"], p["bot_b"]) == (a, b):
                return (float(p["score_a"]), float(p["score_a_low95"]), float(p["score_a_high95"]),
                        float(p["predicted_a"]), float(p["elo_diff"]), float(p["elo_diff_low95"]),
                        float(p["elo_diff_high95"]), p["misfit"] == "1", p["p_holm"])
            if (p["bot_a"], p["bot_b"]) == (b, a):
                return (1 - float(p["score_a"]), 1 - float(p["score_a_high95"]), 1 - float(p["score_a_low95"]),
                        1 - float(p["predicted_a"]), -float(p["elo_diff"]), -float(p["elo_diff_high95"]),
                        -float(p["elo_diff_low95"]), p["misfit"] == "1", p["p_holm"])
        return None

    print("\n### Neighbours in the ratings: their difference with its own 95% interval\n")
    print("Each bot against the next one down, from the same bootstrap resamples as the ratings; "
          "\"separated\" when the interval excludes 0.\n")
    print("| league | bot | next below | Elo difference [95%] | separated | observed score [95%] | predicted |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for league in leagues:
        ranked = sorted(bots, key=lambda b: -float(rating(b, league)["rating"]))
        for a, b in zip(ranked, ranked[1:]):
            s_, lo, hi, pred, d, dlo, dhi, _, _ = pair(league, a, b)
            sep = "yes" if dlo > 0 or dhi < 0 else "no"
            print(f"| {game_name(*league)} | {short(a)} | {short(b)} | {d:.0f} [{dlo:.0f}, {dhi:.0f}] | {sep} | "
                  f"{100 * s_:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] | {100 * pred:.1f}% |")

    print("\n### Misfits: pairings whose observed score lies outside its interval of the prediction "
          "(Holm-corrected)\n")
    print("| league | pairings | misfits |")
    print("| --- | --- | --- |")
    for league in leagues:
        rows = [p for p in pairs if (p["game_spec"], p["players"]) == league]
        bad = [f"{short(p['bot_a'])} vs {short(p['bot_b'])}: {100 * float(p['score_a']):.1f}% observed, "
               f"{100 * float(p['predicted_a']):.1f}% predicted (Holm p {p['p_holm']})"
               for p in rows if p["misfit"] == "1"]
        print(f"| {game_name(*league)} | {len(rows)} | {'; '.join(bad) if bad else 'none'} |")

    oracle = next((b for b in bots if b.startswith("oracle(")), None)
    fair = next((b for b in bots if b.startswith("ismcts(iterations=2000")), None)
    if oracle and fair:
        print("\n### Hidden information: the oracle against its fair counterpart\n")
        print(f"`{short(oracle)}` searches the true state with the budget and settings of "
              f"`{short(fair)}`; their rating difference, with its own 95% interval, is what "
              "seeing the hidden things is worth (the criterion's measure).\n")
        print("| league | Elo difference [95%] | observed score [95%] |")
        print("| --- | --- | --- |")
        for league in leagues:
            s_, lo, hi, _, d, dlo, dhi, _, _ = pair(league, oracle, fair)
            print(f"| {game_name(*league)} | {d:.0f} [{dlo:.0f}, {dhi:.0f}] | "
                  f"{100 * s_:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] |")

    for league in leagues:
        print(f"\n### Pairwise matrix, {game_name(*league)}: the row bot's score against the column bot (%)\n")
        print("| bot | " + " | ".join(short(b) for b in bots) + " |")
        print("| --- | " + " | ".join("---" for _ in bots) + " |")
        for a in bots:
            cells = []
            for b in bots:
                p = None if a == b else pair(league, a, b)
                cells.append("" if p is None else f"{100 * p[0]:.1f}" + (" ⚠" if p[7] else ""))
            print(f"| {short(a)} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
