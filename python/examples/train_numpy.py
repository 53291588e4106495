"""Train a learned evaluation in plain NumPy from batched playouts, write
it as a model file the Rust side plays (the `learned` bot), and read it
back (docs/python.md, "Learned evaluations").

    python3 python/examples/train_numpy.py --out model.json
    python3 python/examples/train_numpy.py --game seaside --games 400 --out m.json

Games of `VectorEnv` are played by a baseline policy (uniformly random
legal actions, drawn in Rust from each game's seeded generator); every
decision gives a row, the observation tensor of the seat to move, and
its target, that seat's final win share. A logistic regression is fitted
by Newton's method with a small L2 penalty (deterministic: the same rows
give the same weights), on four games in five; the fifth are held out, and
their log loss is compared with the constant model's (the training rows'
mean). Everything follows from `--seed`.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

import beachcomber

Floats = npt.NDArray[np.float64]


@dataclass
class Positions:
    """Rows of features with their targets and the game each came from."""

    x: npt.NDArray[np.float32]
    y: Floats
    game: npt.NDArray[np.int64]


def collect(
    spec: str,
    players: int,
    games: int,
    seed: int,
    features: str = "encoding",
    num_envs: int = 128,
) -> Positions:
    """Every decision of the first `games` games that `num_envs` batched
    random players finish, from `seed`: the seat to move's features (its
    observation tensor; with `encoding+evaluate` also the game's
    evaluation on a world sampled for the seat) and its final win share."""
    env = beachcomber.VectorEnv(spec, players, num_envs=min(num_envs, games), seed=seed)
    n = env.num_envs
    obs, _mask, player = env.reset(seed=seed)
    game_of_env = np.arange(n, dtype=np.int64)  # the game each env plays
    next_game = n
    results: dict[int, npt.NDArray[np.float32]] = {}
    xs: list[npt.NDArray[np.float32]] = []
    seats: list[npt.NDArray[np.int64]] = []
    ids: list[npt.NDArray[np.int64]] = []
    while len(results) < games:
        rows = obs.copy()
        if features == "encoding+evaluate":
            evaluation = np.empty((n, 1), dtype=np.float32)
            for k in range(n):
                mover = int(player[k])
                world = env.state(k).sample_world(mover, seed + 7919 * len(xs) + k)
                evaluation[k, 0] = world.features(mover, features)[-1]
            rows = np.hstack([rows, evaluation])
        xs.append(rows)
        seats.append(player.copy())
        ids.append(game_of_env.copy())
        obs, _mask, player, rewards, done = env.step(env.random_actions())
        for ended in np.flatnonzero(done):
            results[int(game_of_env[ended])] = rewards[ended].copy()
            game_of_env[ended] = next_game
            next_game += 1
    x = np.concatenate(xs)
    seat = np.concatenate(seats)
    game = np.concatenate(ids)
    # Exactly `games` finished games, the lowest numbered (every step is
    # seeded, so the same ones every run); unfinished games dropped.
    kept_games = sorted(results)[:games]
    keep = np.isin(game, kept_games)
    y = np.array([results[int(g)][int(s)] for g, s in zip(game[keep], seat[keep])], dtype=np.float64)
    return Positions(x=x[keep], y=y, game=game[keep])


def sigmoid(z: Floats) -> Floats:
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.exp(-z))


def log_loss(p: Floats, y: Floats) -> float:
    """The mean log loss of predictions `p` for targets `y` in [0, 1]."""
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit_logistic(
    x: npt.ArrayLike, y: npt.ArrayLike, l2: float = 1e-3, iterations: int = 50, tolerance: float = 1e-9
) -> tuple[Floats, float, int]:
    """The weights and bias minimizing the mean log loss of
    `sigmoid(bias + x @ weights)` for targets `y` in [0, 1], plus
    `l2 / 2 * |weights|^2` (the bias not penalized): Newton's method from
    zero, stopped when a step moves no parameter more than `tolerance`.
    Returns `(weights, bias, iterations used)`."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    rows, inputs = x.shape
    a = np.hstack([x, np.ones((rows, 1))])  # the bias as a last column
    theta = np.zeros(inputs + 1)
    penalty = np.full(inputs + 1, l2)
    penalty[-1] = 0.0
    for k in range(1, iterations + 1):
        p = sigmoid(a @ theta)
        gradient = a.T @ (p - y) / rows + penalty * theta
        hessian = (a.T * (p * (1 - p))) @ a / rows + np.diag(penalty)
        # A tiny ridge keeps the bias's row invertible when every
        # prediction saturates.
        step = np.linalg.solve(hessian + 1e-12 * np.eye(inputs + 1), gradient)
        theta -= step
        if np.max(np.abs(step)) < tolerance:
            break
    return theta[:-1], float(theta[-1]), k


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="shell-dash", help="a game spec (default shell-dash)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000, help="games played (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--features", default="encoding", choices=["encoding", "encoding+evaluate"])
    parser.add_argument("--l2", type=float, default=1e-3, help="the L2 penalty (default 0.001)")
    parser.add_argument("--out", required=True, help="the model file to write")
    args = parser.parse_args(argv)
    if args.games < 5:
        parser.error("--games: at least 5 (one in five is held out)")

    data = collect(args.game, args.players, args.games, args.seed, args.features)
    held_out = data.game % 5 == 0
    train, test = ~held_out, held_out
    weights, bias, iterations = fit_logistic(data.x[train], data.y[train], l2=args.l2)

    constant = float(np.mean(data.y[train]))
    model = beachcomber.Model(
        args.game,
        args.players,
        args.features,
        weights,
        bias,
        provenance={
            "trainer": "python/examples/train_numpy.py",
            "teacher": "random",
            "games": args.games,
            "seed": args.seed,
            "fit": f"newton(l2={args.l2},iterations={iterations})",
            "positions": int(train.sum()),
        },
    )
    # The held-out loss of the weights as written (float32).
    loss = log_loss(np.asarray(model.value(data.x[test])), data.y[test])
    constant_loss = log_loss(np.full(int(test.sum()), constant), data.y[test])
    model.provenance["held_out_log_loss"] = round(loss, 6)
    model.provenance["constant_log_loss"] = round(constant_loss, 6)
    model.write(args.out)

    back = beachcomber.load_model(args.out)
    assert back == model, "the model file reads back as written"
    gap = np.max(np.abs(back.value(data.x[test]) - back.rust_value(data.x[test])))
    print(f"game: {model.game} at {model.players} players, features {model.features} ({model.inputs} inputs)")
    print(
        f"positions: {int(train.sum())} training, {int(test.sum())} held out "
        f"(games: {args.games}, one in five held out)"
    )
    print(f"fit: Newton, {iterations} iterations, l2 {args.l2}")
    print(f"held-out log loss: {loss:.4f} (constant model {constant:.4f}: {constant_loss:.4f})")
    print(f"model: {args.out}, hash {back.hash}; NumPy and Rust values differ by at most {gap:.1e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
