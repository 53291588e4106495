"""Random play through the PettingZoo AEC API: steps per second of
PettingZoo's own classic environments (connect_four_v3, texas_holdem_v4)
beside beachcomber's three (seashells_v0, seaside_v0, shell_dash_v0), in
one run, each environment exactly as ``pettingzoo.test.api_test`` receives
it (``module.env()``, no wrapper added or removed).

The loop, the same for every environment (issue 38)::

    env.reset(seed=k)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else pick(obs["action_mask"])
        env.step(action)

where ``pick`` is a uniformly random legal action,
``rng.choice(mask.nonzero()[0])`` with a seeded ``random.Random``. A step
is one pass of the loop (the steps of terminated agents, with ``None``,
included); the clock runs over whole games, resets included. The
environments take turns, ``--rounds`` times ``--seconds`` each, and the
median of each one's rounds is printed; the pick's own cost is printed
too.

Then batched playouts (``beachcomber.VectorEnv``): ``--envs`` games of each
game at 2 players stepped together, at 1 and 2 threads, with the actions
drawn by ``VectorEnv.random_actions()`` (a uniformly random legal action
per game, in Rust) and, at 1 thread, by NumPy from the masks
(``(rng.random(mask.shape) * mask).argmax(1)``, the Python side's cost
included); a step is one game's action. Run through
benches/python-steps.sh, which makes the venv.

    python benches/python-steps.py [--seconds S] [--rounds R] [--envs N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import timeit

import numpy as np


def environments():
    """The environments measured, by name, as constructors."""
    from pettingzoo.classic import connect_four_v3, texas_holdem_v4

    from beachcomber.pettingzoo import seashells_v0, seaside_v0, shell_dash_v0

    return [
        ("connect_four_v3", connect_four_v3.env),
        ("texas_holdem_v4", texas_holdem_v4.env),
        ("beachcomber seashells_v0", seashells_v0.env),
        ("beachcomber seaside_v0", seaside_v0.env),
        ("beachcomber shell_dash_v0", shell_dash_v0.env),
    ]


def steps_per_second(env, seconds: float, seed: int) -> float:
    """Loop passes per second of random play for ``seconds`` of whole games."""
    rng = random.Random(seed)
    choice = rng.choice
    steps = 0
    game = 0
    start = time.perf_counter()
    while True:
        env.reset(seed=seed + game)
        game += 1
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            action = None if terminated or truncated else choice(obs["action_mask"].nonzero()[0])
            env.step(action)
            steps += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def batched_steps_per_second(spec: str, envs: int, threads: int, seconds: float, numpy_actions: bool) -> float:
    """Game steps per second of a VectorEnv of ``envs`` games."""
    from beachcomber import VectorEnv

    env = VectorEnv(spec, 2, envs, seed=1, threads=threads)
    _obs, mask, _player = env.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    start = time.perf_counter()
    while True:
        for _ in range(20):
            if numpy_actions:
                actions = (rng.random(mask.shape) * mask).argmax(1)
            else:
                actions = env.random_actions()
            _obs, mask, _player, _rewards, _done = env.step(actions)
        steps += 20 * envs
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def pick_cost() -> float:
    """The pick's own time in microseconds, on a 128-action mask with 5
    legal actions."""
    mask = np.zeros(128, np.int8)
    mask[[3, 7, 15, 31, 40]] = 1
    choice = random.Random(1).choice
    n = 200_000
    return timeit.timeit(lambda: choice(mask.nonzero()[0]), number=n) / n * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per round per environment")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (the median is printed)")
    parser.add_argument("--envs", type=int, default=256, help="games of a VectorEnv")
    args = parser.parse_args()
    envs = [(name, make()) for name, make in environments()]
    rates: dict[str, list[float]] = {name: [] for name, _ in envs}
    for r in range(args.rounds):
        for name, env in envs:
            rates[name].append(steps_per_second(env, args.seconds, seed=1000 * r))
    base = statistics.median(rates["connect_four_v3"])
    print(f"Random play through the PettingZoo AEC API ({args.rounds} rounds of {args.seconds:g} s, median)")
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, pettingzoo {__import__('pettingzoo').__version__}")
    print(f"{'environment':28s} {'steps/s':>10s} {'x connect four':>15s}")
    for name, _ in envs:
        rate = statistics.median(rates[name])
        print(f"{name:28s} {rate:10,.0f} {rate / base:15.1f}")
    print(f"the pick alone: {pick_cost():.2f} us per step")
    print()
    print(f"Batched playouts: beachcomber.VectorEnv of {args.envs} games at 2 players, game steps/s (median)")
    variants = [("random_actions(), 1 thread", 1, False), ("random_actions(), 2 threads", 2, False), ("NumPy from the masks, 1 thread", 1, True)]
    print(f"{'game':12s} " + " ".join(f"{name:>32s}" for name, _, _ in variants))
    for spec in ["seashells", "seaside", "shell-dash"]:
        cells = []
        for _name, threads, numpy_actions in variants:
            runs = [batched_steps_per_second(spec, args.envs, threads, args.seconds, numpy_actions) for _ in range(args.rounds)]
            cells.append(statistics.median(runs))
        print(f"{spec:12s} " + " ".join(f"{rate:32,.0f}" for rate in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
