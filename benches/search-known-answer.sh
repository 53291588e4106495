#!/usr/bin/env bash
# The search's known-answer check (issues 37 and 55; docs/search.md): the 24
# two-player Seaside removals of the committed 20,000-game sweep
# (results/seaside-removals, greedy players, seed 20261220) under the rule
# committed in benches/search-known-answer.toml before this script reads the
# exhaustive data: the space, the quantity `mean_lead_changes`, the margin
# 0.15, a target drawn from a committed range by a committed seed, the race
# `max-t`, the budget (at most a tenth of the exhaustive sweep's 480,000
# games of that lineup, confirmation included) and 20 fresh seeds.
#
# In order: (1) the rule is read and its seeds checked fresh (no seed of
# any version of any committed results/**/manifest.json, nor of a committed
# runs.csv of this check, nor a round seed derived from one; refused
# otherwise); (2) the target is drawn; (3) the 20 searches run; (4) only
# then is the exhaustive answer read, and the script counts how often the
# pick is within the margin of the exhaustive best, how often each setting
# worse by twice the margin was eliminated, the false eliminations (a
# setting eliminated although within the margin of the exhaustive best),
# and a random pick's rate beside them.
#
#   bash benches/search-known-answer.sh [BEACHCOMBER]   # about 2.5 minutes on 2 cores
#
# Writes results/search-known-answer/runs.csv and summary.md (the searches'
# folders go to a temporary folder, removed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-target/release/beachcomber}"
RULE=benches/search-known-answer.toml
OUT=results/search-known-answer
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$OUT"

# (1) and (2): the seeds checked, the target drawn; one line per search.
python3 - "$RULE" > "$SCRATCH/plan.txt" <<'PY'
import csv, io, random, subprocess, sys, tomllib
rule = tomllib.load(open(sys.argv[1], "rb"))
M = (1 << 64) - 1
def mix(z):
    z = (z + 0x9E3779B97F4A7C15) & M
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)
def derive(seed, index):  # beachcomber::rng::derive (src/rng.rs)
    return mix(mix(seed) ^ ((index * 0xD6E8FEB86659FD93) & M))
def rounds(seed):
    return {derive(seed, 1 + r) for r in range(rule["max_rounds"])}
# Every blob of every version of the committed files, reachable from HEAD
# (merges included), as the lock reads them.
log = subprocess.run(["git", "log", "HEAD", "-m", "--raw", "--no-abbrev", "--format=", "--", "results"],
                     check=True, capture_output=True, text=True).stdout
blobs = {}
for line in log.splitlines():
    if not line.startswith(":"):
        continue
    meta, path = line.split("\t", 1)
    sha = meta.split()[3]
    if set(sha) != {"0"} and (path.endswith("/manifest.json") or path == "results/search-known-answer/runs.csv"):
        blobs[sha] = path
used = set()
import json
for sha, path in blobs.items():
    text = subprocess.run(["git", "cat-file", "blob", sha], check=True, capture_output=True, text=True).stdout
    if path.endswith("manifest.json"):
        try:
            used.update(p["run"]["seed"] for p in json.loads(text)["description"]["plan"]["parts"])
        except (ValueError, KeyError, TypeError):
            pass
    else:
        for r in csv.DictReader(io.StringIO(text)):
            s = int(r["seed"])
            # The first version confirmed search s on s + 1000.
            c = int(r["confirm_seed"]) if r.get("confirm_seed") else s + 1000
            used.update({s, c} | rounds(s))
for i in range(1, rule["searches"] + 1):
    seed, confirm = rule["seed_base"] + i, rule["confirm_base"] + i
    mine = {seed, confirm} | rounds(seed)
    if mine & used:
        sys.exit(f"error: search {i}'s seeds {sorted(mine & used)} were used by committed results: "
                 f"change seed_base or confirm_base in {sys.argv[1]} and commit it")
target = round(random.Random(rule["target_seed"]).uniform(rule["target_low"], rule["target_high"]), 3)
print(f"# {len(blobs)} committed file versions, {len(used)} seeds used; every seed fresh; target {target}",
      file=sys.stderr)
for i in range(1, rule["searches"] + 1):
    print(rule["seed_base"] + i, rule["confirm_base"] + i, target)
PY
rule() { python3 -c "import tomllib,sys; print(tomllib.load(open('$RULE','rb'))['$1'])"; }
objective="$(rule quantity) near $(head -1 "$SCRATCH/plan.txt" | cut -d' ' -f3) margin $(rule margin)"

# (3) The searches, playing only under the rule.
while read -r seed confirm _; do
    "$BIN" search --game "$(rule game)" --players "$(rule players)" \
        --vary "$(rule vary)" --bots "$(rule bots)" \
        --objective "$objective" --race "$(rule race)" \
        --max-candidates "$(rule max_candidates)" --max-rounds "$(rule max_rounds)" \
        --first-deals "$(rule first_deals)" \
        --max-games "$(rule max_games)" --confirm-games "$(rule confirm_games)" \
        --seed "$seed" --confirm-seed "$confirm" --quiet --out "$SCRATCH/$seed"
done < "$SCRATCH/plan.txt"

# (4) Only now the exhaustive answer is read.
python3 - "$RULE" "$SCRATCH" "$OUT" <<'PY'
import csv, sys, pathlib, tomllib
rule = tomllib.load(open(sys.argv[1], "rb"))
scratch, out = pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
plan = [line.split() for line in (scratch / "plan.txt").read_text().splitlines()]
target, margin, q = float(plan[0][2]), rule["margin"], rule["quantity"]
truth = {}
for r in csv.DictReader(open("results/seaside-removals/metrics.csv")):
    if r["players"] == "2" and r["seat"] == "0" and r["lineup"] == "greedy(worlds=8)":
        truth[r["removed"]] = abs(float(r[q]) - target)
best = min(truth.values())
within = sorted((k for k, v in truth.items() if v - best <= margin), key=int)
far = sorted((k for k, v in truth.items() if v - best >= 2 * margin), key=int)
rows, eliminated = [], {k: 0 for k in truth}
for seed, confirm, _ in plan:
    run = scratch / seed
    cands = list(csv.DictReader(open(run / "candidates.csv")))
    front = [c for c in cands if c["verdict"] == "front"]
    pick = front[0]["removed"] if front else ""
    gone = [c["removed"] for c in cands if c["verdict"] == "eliminated"]
    for k in gone:
        eliminated[k] += 1
    false = sorted((k for k in gone if k in within), key=int)
    games = sum(int(r["games"]) for r in csv.DictReader(open(run / "rounds.csv")))
    summary = (run / "summary.md").read_text()
    confirm_games = int(summary.split(" in the confirmation")[0].rsplit(" and ", 1)[1])
    rows.append(dict(seed=seed, confirm_seed=confirm, pick=pick,
                     pick_loss=f"{truth[pick] - best:.4f}" if pick else "",
                     within_margin=int(pick in within),
                     survivors=sum(c["verdict"] not in ("eliminated", "baseline") for c in cands),
                     eliminated=len(gone), false_eliminations=len(false),
                     falsely_eliminated=" ".join(false),
                     games=games, confirm_games=confirm_games, total_games=games + confirm_games))
with open(out / "runs.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)
n = len(rows)
hits = sum(r["within_margin"] for r in rows)
most = max(r["total_games"] for r in rows)
false_runs = sum(r["false_eliminations"] > 0 for r in rows)
false_total = sum(r["false_eliminations"] for r in rows)
eliminations = sum(r["eliminated"] for r in rows)
first, last = plan[0], plan[-1]
best_keys = [k for k, v in truth.items() if v == best]
best_gone = sum(any(k in r["falsely_eliminated"].split() for k in best_keys) for r in rows)
md = [
    "# Known-answer check of the search (issues 37 and 55)", "",
    "Written by `bash benches/search-known-answer.sh` under the rule committed in",
    "`benches/search-known-answer.toml` before the exhaustive data were read; the truth is the committed",
    "exhaustive sweep `results/seaside-removals/metrics.csv` (greedy players, 2 players, 20,000 games",
    "per setting, 480,000 in all for the 24 settings).", "",
    f"- Rule: target drawn uniformly in [{rule['target_low']}, {rule['target_high']}] by seed "
    f"{rule['target_seed']}: **{target}**; objective `{q} near {target} margin {margin}`; race "
    f"`{rule['race']}`; {n} searches on seeds {first[0]} to {last[0]}, confirmed on {first[1]} to "
    f"{last[1]} (checked fresh against every committed manifest version).",
    f"- The exhaustive best is removed {', '.join(k for k, v in truth.items() if v == best)}; within "
    f"the margin of it: removed {', '.join(within)} ({len(within)} of {len(truth)} settings).",
    f"- The search's pick is within the margin of the exhaustive best in **{hits} of {n}** seeds "
    f"(a random pick: {len(within)}/{len(truth)} = {len(within) / len(truth):.3f}).",
    f"- False eliminations (a setting eliminated although within the margin of the exhaustive best): "
    f"**{false_total}** of {eliminations} eliminations, in {false_runs} of {n} seeds. The race drops "
    f"a setting shown worse by any amount, so one truly worse by less than the margin may go rightly; "
    f"the exhaustive best itself (a wrong elimination, up to the exhaustive estimate's own error; "
    f"the guarantee: at most 0.05 per search) was eliminated in {best_gone} of {n} seeds.",
    f"- Games per search, confirmation included: at most {most:,} ({most / 480000:.3f} of the exhaustive sweep's).",
    f"- Settings worse than the best by twice the margin or more ({len(far)}), eliminated in:",
]
for k in far:
    md.append(f"  - removed {k} (worse by {truth[k] - best:.3f}): {eliminated[k]} of {n} seeds")
least = min((eliminated[k] for k in far), default=n)
md.append(f"- The least often eliminated of them: {least} of {n} seeds ({least / n:.2f}).")
md.append("")
md.append("Per seed: runs.csv (seed, confirmation seed, pick, its shortfall from the exhaustive best,")
md.append("survivors, eliminations and the false ones, games).")
(out / "summary.md").write_text("\n".join(md) + "\n")
print("\n".join(md))
PY
