#!/usr/bin/env python3
"""The seaside-removals criterion, computed from metrics.csv (standard library only).

Usage: python3 criterion.py [metrics.csv]   (default: the metrics.csv beside this file)

The criterion, fixed before the results were looked at (README.md):
 1. fair: the first player's win share in ISMCTS mirror matches has a 95%
    interval that contains 1/players;
 2. skill: among the fair settings, ISMCTS's win share against greedy players
    is not below the best fair setting's (their 95% intervals overlap);
 3. length: among those, the tokens per player closest to the 4-player
    game's (ISMCTS mirror, nothing removed); the best range is every kept
    setting within 10% of it.
"""
import csv
import os
import sys

ISMCTS = "ismcts(iterations=1000,c=0.7,rollout=random,reward=auto)"
GREEDY = "greedy(worlds=8)"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "metrics.csv")
    rows = list(csv.DictReader(open(path, newline="")))
    global ISMCTS
    ISMCTS = next(r["lineup"] for r in rows
                  if r["lineup"].startswith("ismcts(") and "," not in r["lineup"].split(")")[-1])

    def row(players, removed, lineup, seat, bot=None):
        for r in rows:
            if (r["players"] == str(players) and r["removed"] == str(removed)
                    and r["lineup"] == lineup and r["seat"] == str(seat)
                    and (bot is None or r["bot"] == bot)):
                return r
        return None

    ref = row(4, 0, ISMCTS, 0)
    ref_tokens = float(ref["tokens_per_player"])
    print(f"4-player reference (ISMCTS mirror, 0 removed): {ref_tokens:.2f} tokens per player")
    for players in (2, 3):
        fair = 1 / players
        print(f"\n{players} players (fair share {fair:.3f})")
        print("removed | seat-0 win share, ISMCTS mirror [95%] | fair? | ISMCTS vs greedy [95%] "
              "| greedy vs random [95%] | tokens/player | turns (ISMCTS mirror)")
        table = []
        for removed in range(0, 51, 5):
            m = row(players, removed, ISMCTS, 0)
            s = row(players, removed, ISMCTS + "," + GREEDY, "all", ISMCTS)
            g = row(players, removed, GREEDY + ",random", "all", GREEDY)
            if m is None or s is None:
                continue
            lo, hi = float(m["win_low95"]), float(m["win_high95"])
            ok = lo <= fair <= hi
            table.append((removed, m, s, ok))
            print(f"{removed:7} | {float(m['win_share']):.3f} [{lo:.3f}, {hi:.3f}] | "
                  f"{'yes' if ok else 'no '} | {float(s['win_share']):.3f} "
                  f"[{float(s['win_low95']):.3f}, {float(s['win_high95']):.3f}] | "
                  f"{float(g['win_share']):.3f} [{float(g['win_low95']):.3f}, "
                  f"{float(g['win_high95']):.3f}] | {float(m['tokens_per_player']):.2f} | "
                  f"{float(m['mean_turns']):.1f}")
        fair_rows = [t for t in table if t[3]]
        if not fair_rows:
            print("step 1: no setting is fair by the criterion")
            continue
        best = max(fair_rows, key=lambda t: float(t[2]["win_share"]))
        best_low = float(best[2]["win_low95"])
        kept = [t for t in fair_rows if float(t[2]["win_high95"]) >= best_low]
        print(f"step 1 (fair): removed {[t[0] for t in fair_rows]}")
        print(f"step 2 (skill): best removed={best[0]} "
              f"({float(best[2]['win_share']):.3f}, low {best_low:.3f}); "
              f"not below it: {[t[0] for t in kept]}")
        dist = lambda t: abs(float(t[1]["tokens_per_player"]) - ref_tokens)
        closest = min(kept, key=dist)
        best_range = [t[0] for t in kept if dist(t) <= 0.1 * ref_tokens]
        print(f"step 3 (length): closest removed={closest[0]} "
              f"({float(closest[1]['tokens_per_player']):.2f} tokens per player); "
              f"best range (within 10%): {best_range}")


if __name__ == "__main__":
    main()
