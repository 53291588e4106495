#!/usr/bin/env python3
"""The expert-seaside-policy tables, from pairs.csv and speed.csv. Every
number in README.md comes from here.

Usage: python3 tables.py [FOLDER]   (default: the folder of this file)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tablelib import league_tables  # noqa: E402

if __name__ == "__main__":
    league_tables(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
