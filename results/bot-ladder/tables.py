#!/usr/bin/env python3
"""The bot-ladder tables, from ratings.csv and speed.csv (standard library only).
Every number in README.md comes from here.

Usage: python3 tables.py [FOLDER]   (default: the folder of this file)
"""
import csv
import os
import sys


def short(spec):
    """A bot spec without its default options (as summary.md shows it)."""
    for default in ("worlds=8", "worlds=20", "c=0.7", "rollout=random", "reward=auto"):
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

    print("## Ratings (Elo, random = 0) [95% bootstrap interval]\n")
    print("| bot | " + " | ".join(game_name(*l) for l in leagues) + " |")
    print("| --- | " + " | ".join("---" for _ in leagues) + " |")
    for bot in bots:
        cells = []
        for l in leagues:
            r = rating(bot, l)
            cells.append(f"{float(r['rating']):.0f} [{float(r['low95']):.0f}, {float(r['high95']):.0f}]" if r else "")
        print(f"| {short(bot)} | " + " | ".join(cells) + " |")

    print("\n## Win share over all its games (%) [95%] and games per bot\n")
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
        print("\n## Speed: decisions per second on one thread (machine-dependent)\n")
        print("| bot | " + " | ".join(game_name(*l) for l in leagues) + " |")
        print("| --- | " + " | ".join("---" for _ in leagues) + " |")
        for bot in bots:
            cells = []
            for l in leagues:
                s = next((s for s in speeds if (s["game_spec"], s["players"]) == l and s["bot"] == bot), None)
                v = float(s["decisions_per_second"]) if s else None
                cells.append("" if v is None else f"{v:,.0f}" if v >= 100 else f"{v:.1f}")
            print(f"| {short(bot)} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
