#!/usr/bin/env python3
"""Print the tables of results/shell-dash-deck/README.md that summary.md
does not hold, from the committed metrics.csv and trends.csv: the default
deck's first player by lineup, and the trend of the first player's seat
ratio on ln(mean turns) across the 35 decks of each rule with its goodness
of fit and a quadratic term (an analysis after the results: the rule
decides by its Picks, summary.md). Python standard library only.

    python3 results/shell-dash-deck/tables.py
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from tablelib import read, table  # noqa: E402 (results/tablelib.py)

GREEDY = "greedy(worlds=8)"
Z95 = 1.959963984540054


def mirror(lineup):
    """Whether a lineup is one bot in every seat (no comma outside parentheses)."""
    depth = 0
    for c in lineup:
        depth += (c == "(") - (c == ")")
        if c == "," and depth == 0:
            return False
    return True


def chi2_sf(x, k):
    """P(chi-square with k degrees of freedom > x), k even or odd (series)."""
    # Regularized upper incomplete gamma Q(k/2, x/2) by its continued fraction.
    a, z = k / 2.0, x / 2.0
    if z < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > 1e-15 * abs(total):
            n += 1
            term *= z / n
            total += term
        return 1.0 - total * math.exp(-z + a * math.log(z) - math.lgamma(a))
    b, c, d = z + 1 - a, 1e300, 1 / (z + 1 - a)
    h = d
    i = 1
    while True:
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / d if d else 1e300
        c = b + an / c if c else 1e300
        delta = d * c
        h *= delta
        i += 1
        if abs(delta - 1) < 1e-15 or i > 10000:
            break
    return math.exp(-z + a * math.log(z) - math.lgamma(a)) * h


def weighted_fit(xs, ys, ws, degree):
    """Weighted least squares of y on 1, x, ..., x^degree: coefficients,
    their standard errors (from the weights) and the chi-square."""
    n = degree + 1
    a = [[sum(w * x ** (i + j) for x, w in zip(xs, ws)) for j in range(n)] for i in range(n)]
    b = [sum(w * y * x ** i for x, y, w in zip(xs, ys, ws)) for i in range(n)]
    # Invert a (Gauss-Jordan).
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        m[col] = [v / p for v in m[col]]
        for r in range(n):
            if r != col:
                f = m[r][col]
                m[r] = [v - f * u for v, u in zip(m[r], m[col])]
    inv = [row[n:] for row in m]
    coef = [sum(inv[i][j] * b[j] for j in range(n)) for i in range(n)]
    se = [math.sqrt(inv[i][i]) for i in range(n)]
    chi2 = sum(w * (y - sum(c * x ** i for i, c in enumerate(coef))) ** 2 for x, y, w in zip(xs, ys, ws))
    return coef, se, chi2


def main():
    metrics = read(HERE, "metrics.csv")
    two = [r for r in metrics if r["players"] == "2" and r["seat"] == "0"]

    print("### Default deck, 2 players: seat 0\n")
    rows = []
    for r in two:
        if r["deck.Shell"] == "14" and r["deck.Jellyfish"] == "8" and mirror(r["lineup"]):
            rows.append([r["reshuffle"], r["lineup"].split("(")[0], r["games"],
                         f"{float(r['win_share']):.1%} [{float(r['win_low95']):.1%}, {float(r['win_high95']):.1%}]",
                         r["seat_ratio"], r["mean_turns"]])
    table(["rule", "players' bot", "games", "seat 0 wins [95%]", "seat ratio", "turns"], rows)

    print("\n### Skill at the default deck, 2 players (against random players)\n")
    rows = []
    for r in metrics:
        if (r["players"] == "2" and r["deck.Shell"] == "14" and r["deck.Jellyfish"] == "8"
                and r["seat"] == "all" and r["skill_elo"] and r["bot"] != "random"):
            rows.append([r["bot"].split("(")[0], r["reshuffle"], r["games"],
                         f"{float(r['skill_elo']):+.0f} [{float(r['skill_elo_low95']):+.0f}, {float(r['skill_elo_high95']):+.0f}]"])
    table(["bot", "rule", "games", "skill Elo [95%]"], rows)

    print("### Solo: turns to collect 3 Shells\n")
    rows = []
    for r in metrics:
        if r["players"] == "1" and r["deck.Shell"] == "14" and r["deck.Jellyfish"] == "8":
            rows.append([r["lineup"].split("(")[0], r["reshuffle"], r["games"],
                         f"{float(r['mean_turns']):.2f} ± {float(r['turns_ci95']):.2f}", r["sd_turns"]])
    table(["player", "rule", "games", "turns (mean ± 95%)", "sd"], rows)

    print("\n### The first player's ratio against ln(mean turns), greedy, 35 decks per rule\n")
    print("After the results: the rule reports this trend, it does not decide by it.\n")
    rows = []
    for rule in ["choice", "empty"]:
        pts = [r for r in two if r["lineup"] == GREEDY and r["reshuffle"] == rule]
        xs = [math.log(float(r["mean_turns"])) for r in pts]
        ys = [float(r["seat_ratio"]) for r in pts]
        ses = [(float(r["seat_ratio_high95"]) - float(r["seat_ratio_low95"])) / (2 * Z95) for r in pts]
        ws = [1 / s ** 2 for s in ses]
        (a, b), (sa, sb), chi2 = weighted_fit(xs, ys, ws, 1)
        df = len(pts) - 2
        (_, _, c), (_, _, sc), chi2q = weighted_fit(xs, ys, ws, 2)
        best = min(pts, key=lambda r: float(r["seat_ratio"]))
        rows.append([rule, str(len(pts)), f"{a:.3f} {b:+.4f} [{b - Z95 * sb:+.4f}, {b + Z95 * sb:+.4f}]",
                     f"{chi2:.1f} on {df} df (p = {chi2_sf(chi2, df):.1g})",
                     f"{c:+.3f} ± {Z95 * sc:.3f}", f"{chi2q:.1f} on {df - 1} df (p = {chi2_sf(chi2q, df - 1):.1g})",
                     f"{float(best['seat_ratio']):.4f} (Shell {best['deck.Shell']}, Jellyfish {best['deck.Jellyfish']})"])
    table(["rule", "decks", "log fit: a + b ln T, b [95%]", "its χ²", "quadratic term [95%]",
           "quadratic fit's χ²", "lowest ratio observed"], rows)


if __name__ == "__main__":
    main()
