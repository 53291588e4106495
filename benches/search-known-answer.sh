#!/usr/bin/env bash
# The search's known-answer check (issue 37; docs/search.md): the 24
# two-player Seaside removals of the committed 20,000-game sweep
# (results/seaside-removals, greedy players, seed 20261220), with one
# declared objective, `mean_lead_changes near 3.864 margin 0.15` (the
# exhaustive data put 3 of the 24 settings within the margin of the best:
# removed 34, 35 and 36). Twenty searches on fresh seeds (none of them the
# sweep's 20261220 or its first version's 20261204), each at most a tenth of
# the exhaustive sweep's 480,000 games of that lineup, confirmation included
# (36,000 in the rounds, 12,000 confirming); then how often the pick is
# within the margin of the exhaustive best, how often each setting worse by
# twice the margin was eliminated, and a random pick's rate beside it.
#
#   bash benches/search-known-answer.sh [BEACHCOMBER]   # about 5 minutes on 2 cores
#
# Writes results/search-known-answer/runs.csv and summary.md (the searches'
# folders go to a temporary folder, removed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-target/release/beachcomber}"
OUT=results/search-known-answer
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$OUT"
for i in $(seq 1 20); do
    seed=$((20261300 + i))
    "$BIN" search --game seaside --players 2 \
        --vary removed=0,1,5..=25:5,28..=42,45,50 --bots greedy \
        --objective 'mean_lead_changes near 3.864 margin 0.15' \
        --max-candidates 24 --max-rounds 6 --first-deals 100 \
        --max-games 36000 --confirm-games 12000 \
        --seed "$seed" --confirm-seed $((seed + 1000)) --quiet --out "$SCRATCH/$seed"
done
python3 - "$SCRATCH" "$OUT" <<'PY'
import csv, sys, pathlib
scratch, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
target, margin = 3.864, 0.15
truth = {}
for r in csv.DictReader(open("results/seaside-removals/metrics.csv")):
    if r["players"] == "2" and r["seat"] == "0" and r["lineup"] == "greedy(worlds=8)":
        truth[r["removed"]] = abs(float(r["mean_lead_changes"]) - target)
best = min(truth.values())
within = sorted((k for k, v in truth.items() if v - best <= margin), key=int)
far = sorted((k for k, v in truth.items() if v - best >= 2 * margin), key=int)
rows, eliminated = [], {k: 0 for k in far}
for run in sorted(scratch.iterdir(), key=lambda p: int(p.name)):
    cands = list(csv.DictReader(open(run / "candidates.csv")))
    front = [c for c in cands if c["verdict"] == "front"]
    pick = front[0]["removed"] if front else ""
    for c in cands:
        if c["removed"] in eliminated and c["verdict"] == "eliminated":
            eliminated[c["removed"]] += 1
    games = sum(int(r["games"]) for r in csv.DictReader(open(run / "rounds.csv")))
    summary = (run / "summary.md").read_text()
    confirm_games = int(summary.split(" in the confirmation")[0].rsplit(" and ", 1)[1])
    confirmed = "**confirmed**" in summary
    rows.append(dict(seed=run.name, pick=pick, pick_loss=f"{truth[pick] - best:.4f}" if pick else "",
                     within_margin=int(pick in within), survivors=sum(c["verdict"] not in ("eliminated", "baseline") for c in cands),
                     games=games, confirm_games=confirm_games, total_games=games + confirm_games,
                     confirmed=int(confirmed)))
with open(out / "runs.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)
n = len(rows)
hits = sum(r["within_margin"] for r in rows)
most = max(r["total_games"] for r in rows)
md = [
    "# Known-answer check of the search (issue 37)", "",
    "Written by `bash benches/search-known-answer.sh` from 20 searches; the truth is the committed",
    "exhaustive sweep `results/seaside-removals/metrics.csv` (greedy players, 2 players, 20,000 games",
    "per setting, 480,000 in all for the 24 settings).", "",
    f"- Objective: `mean_lead_changes near {target} margin {margin}`; the exhaustive best is removed "
    f"{', '.join(k for k, v in truth.items() if v == best)}; within the margin of it: removed {', '.join(within)} "
    f"({len(within)} of {len(truth)} settings).",
    f"- The search's pick is within the margin of the exhaustive best in **{hits} of {n}** seeds "
    f"(a random pick: {len(within)}/{len(truth)} = {len(within) / len(truth):.3f}).",
    f"- Games per search, confirmation included: at most {most:,} ({most / 480000:.3f} of the exhaustive sweep's).",
    f"- Settings worse than the best by twice the margin or more ({len(far)}), eliminated in:",
]
for k in far:
    md.append(f"  - removed {k} (worse by {truth[k] - best:.3f}): {eliminated[k]} of {n} seeds")
least = min(eliminated.values()) if eliminated else n
md.append(f"- The least often eliminated of them: {least} of {n} seeds ({least / n:.2f}).")
md.append(f"- Picks confirmed on their fresh seed: {sum(r['confirmed'] for r in rows)} of {n}.")
md.append("")
md.append("Per seed: runs.csv (seed, pick, its shortfall from the exhaustive best, survivors, games).")
(out / "summary.md").write_text("\n".join(md) + "\n")
print("\n".join(md))
PY
