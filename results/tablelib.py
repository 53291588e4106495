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
