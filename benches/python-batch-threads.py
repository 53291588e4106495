"""Game steps per second of beachcomber.VectorEnv at 1 and 2 threads, by
batch size (256 to 16,384 games at 2 players, random_actions() each step,
median of 3 rounds of 1.5 s): where a second thread starts to pay
(docs/python.md, "Batched playouts"; python/src/vector.rs
GAMES_PER_THREAD). Run it in a venv with the package installed, e.g. the
one benches/python-steps.sh makes:

    target/python-bench-venv/bin/python benches/python-batch-threads.py
"""

import statistics
import time

import beachcomber


def rate(game: str, n: int, threads: int, seconds: float = 1.5) -> float:
    env = beachcomber.VectorEnv(game, players=2, num_envs=n, seed=1, threads=threads)
    env.reset(seed=1)
    for _ in range(20):
        env.step(env.random_actions())
    rates = []
    for _ in range(3):
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(10):
                env.step(env.random_actions())
            steps += 10 * n
        rates.append(steps / (time.perf_counter() - start))
    return statistics.median(rates)


print(f"{'game':<11}{'games':>7}{'1 thread':>13}{'2 threads':>13}{'ratio':>7}")
for game in ["seashells", "seaside", "shell-dash"]:
    for n in [256, 1024, 4096, 16384]:
        one, two = rate(game, n, 1), rate(game, n, 2)
        print(f"{game:<11}{n:>7}{one:>13,.0f}{two:>13,.0f}{two / one:>7.2f}", flush=True)
