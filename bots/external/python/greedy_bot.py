#!/usr/bin/env python3
"""A one-step greedy bot: rates each legal action by a simple heuristic read
from the observation alone, plays the best one (ties at random with the
decision's seed). It is an example of reading observations, not a strong
player (the built-in `greedy` is much better). The heuristics:

- Seashells: the item an action takes (the square's item on the board; the
  N-th remaining item clockwise from the Bucket in a stroll). A shell is
  worth, for its shape and for its colour, 3 if it makes my count (shells
  plus my secret card) the only highest among the visible counts, 1.5 if it
  ties the lead or closes to one behind, else 0.2; a fossil half that
  completes a pair 3 (else 1), a sand dollar or a bottle 1; spending a
  bottle for an extra turn adds 0.5.
- Seaside: take as many Isopods or Shells as allowed; play a Beach when the
  Sea has Shells, a Sandpiper when it has Isopods, else a Wave or a Rock
  before a sea face; steal from the seat with the most Crabs.
- Shell Dash: spend a Flip-Flop at a Jellyfish, never reshuffle, flip a
  random face-down card.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from beachcomber_engine import Bot, run  # noqa: E402


def seashells_item(obs, action):
    """The item `action` takes, from the observation."""
    base = action.split("+")[0]
    board = obs["board"]
    if base.startswith("s"):
        steps = int(base[1:])
        bucket = obs["bucket"]
        seen = 0
        for k in range(1, 65):
            pos = (bucket + k) % 64
            if board[pos] is not None:
                seen += 1
                if seen == steps:
                    return board[pos]
        return None
    return board[int(base)]


def majority_gain(mine, best_other):
    """Coins a shell of a kind is worth to me: winning or tying the lead."""
    if mine + 1 > best_other >= mine:
        return 3.0 if mine == best_other else 1.5
    if mine + 1 == best_other:
        return 1.5
    return 0.2


def seashells_value(obs, action):
    item = seashells_item(obs, action)
    seat = obs["seat"]
    me = obs["seats"][seat]
    cards = obs["my_cards"]
    value = 0.0
    if item is None:
        value = 0.0
    elif "/" in item:
        shape, colour = item.split("/")
        for index, mine_bonus in ((0, shape in cards["shapes"]), (1, colour in cards["colours"])):
            kind = (shape, colour)[index]

            def count(shells):
                return sum(1 for s in shells if s.split("/")[index] == kind)

            mine = count(me["shells"]) + mine_bonus
            others = [count(p["shells"]) for i, p in enumerate(obs["seats"]) if i != seat]
            value += majority_gain(mine, max(others) if others else 0)
    elif item == "Sand dollar":
        value = 1.0
    elif item == "Fossil head":
        value = 3.0 if me["fossil_tails"] > me["fossil_heads"] else 1.0
    elif item == "Fossil tail":
        value = 3.0 if me["fossil_heads"] > me["fossil_tails"] else 1.0
    elif item == "Bottle":
        value = 1.0
    if action.endswith("+b"):
        value += 0.5
    return value


def seaside_value(obs, action):
    kind, _, arg = action.partition(":")
    sea = obs["sea"]
    if kind in ("isopods", "shells"):
        return int(arg)
    if kind == "play":
        if arg == "Beach":
            return 3 if sea["Shell"] > 0 else 1
        if arg == "Sandpiper":
            return 3 if sea["Isopod"] > 0 else 1
        if arg in ("Wave", "Rock"):
            return 2
        return 0
    if kind == "steal" and arg != "none":
        return obs["seats"][int(arg)]["crabs"]
    return 0


def shell_dash_value(obs, action):
    return {"spend": 1, "keep": 0, "noshuffle": 1, "shuffle": 0}.get(action, 0)


RATERS = {
    "seashells": seashells_value,
    "seaside": seaside_value,
    "shell-dash": shell_dash_value,
}


class GreedyBot(Bot):
    name = "python-greedy"
    version = "1.0"

    def __init__(self):
        self.rate = None

    def new_game(self, message):
        self.rate = RATERS.get(message["game"], lambda obs, action: 0)

    def choose(self, observation, legal, rng, message):
        values = [self.rate(observation, a) for a in legal]
        best = max(values)
        return rng.choice([a for a, v in zip(legal, values) if v == best])


if __name__ == "__main__":
    run(GreedyBot())
