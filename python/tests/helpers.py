"""What the test files share: the game configurations tested, random
play, and the engines' seed mixer written out independently."""

from __future__ import annotations

import random

import beachcomber

# (spec, players) of every game, with several option sets each.
CONFIGS = [
    ("seashells", 2),
    ("seashells(mode=stroll)", 3),
    ("seashells(scoring=advanced,bottles=plain)", 5),
    ("seaside", 2),
    ("seaside(removed=35)", 2),
    ("seaside(removed=0)", 1),
    ("seaside(tokens=[Beach/Wave:6;Isopod/Crab:4;Rock/Shell:4],removed=2)", 3),
    ("shell-dash", 2),
    ("shell-dash(reshuffle=empty)", 1),
    ("shell-dash(deck=Sand:10,Wave:4,Flip-Flop:3,Jellyfish:4,Sun:3,Shell:6,max_turns=40)", 2),
]

MASK64 = (1 << 64) - 1


def mix(z: int) -> int:
    """SplitMix64's finalizer (src/rng.rs `mix`)."""
    z = (z + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def derive(parent: int, index: int) -> int:
    """A child seed (src/rng.rs `derive`)."""
    return mix(mix(parent) ^ ((index * 0xD6E8FEB86659FD93) & MASK64))


def random_game(spec: str, players: int, seed: int):
    """The states of a random game dealt from `seed`, first to last."""
    rng = random.Random(seed)
    state = beachcomber.game(spec, players).new_initial_state(seed)
    states = [state.clone()]
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states
