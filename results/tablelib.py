"""Helpers shared by the studies' table scripts (results/NAME/tables.py):
reading a committed CSV and printing a markdown table. Python standard
library only."""
import csv
import os


def read(folder, name):
    """The rows of `folder/name` as dicts; [] when the file is missing."""
    path = os.path.join(folder, name)
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def table(header, rows):
    """Print a markdown table and a blank line."""
    print("| " + " | ".join(header) + " |")
    print("| " + " | ".join("---" for _ in header) + " |")
    for r in rows:
        print("| " + " | ".join(str(c) for c in r) + " |")
    print()


def comparison_cell(r, resolve=False):
    """A compare.csv row as `verdict diff [low, high]`; with `resolve`, a
    margin the sample cannot resolve (95% half-width above it) is said so
    with its half-width instead of a verdict; `—` for no row."""
    if r is None:
        return "—"
    half = (float(r["diff_high95"]) - float(r["diff_low95"])) / 2
    text = f"{r['diff']} [{r['diff_low95']}, {r['diff_high95']}]"
    if resolve and r["margin"] and half > float(r["margin"]):
        return f"unresolved (±{half:.3g} > {r['margin']}) {text}"
    return f"{r['verdict']} {text}"
