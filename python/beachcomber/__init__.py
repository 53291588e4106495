"""The beachcomber engines in Python: Seashells, Seaside and Shell Dash.

Games and states in the shape of OpenSpiel's ``pyspiel``::

    import beachcomber
    game = beachcomber.game("seaside(removed=35)", players=2)
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

PettingZoo environments: ``beachcomber.pettingzoo.seashells_v0``,
``seaside_v0`` and ``shell_dash_v0`` (needs the ``pettingzoo`` package).
The guide is docs/python.md in the repository.

Batched playouts for learning: ``beachcomber.VectorEnv`` steps many games
at once (NumPy arrays in and out, a thread pool of its own).

Bots and runs: ``beachcomber.bot("expert")`` is a built-in bot as a policy
(``bot.act(state)``); ``beachcomber.tournament``, ``league`` and ``sweep``
play runs as the command line does and return its tables as pandas (or
polars) DataFrames, with Python callables seated in-process.
``beachcomber.run_experiment("experiments/NAME.toml")`` runs an experiment
file whole into its results folder, as ``beachcomber run`` does (no figures
drawn: each plot is a note, and summary.md says so).

Learned evaluations: ``beachcomber.load_model(path)`` reads a model file
(``beachcomber train``'s, or one fitted in NumPy and written with
``Model(...).write(path)``), its weights as NumPy arrays and its value
``model.value(x)`` over ``state.features(seat)``.

Fork safety: only ``VectorEnv`` starts threads, in a pool it builds again
in a forked child, so a process that forks (as ``multiprocessing`` does on
Linux) can use the package in the child as before.
"""

from beachcomber._native import (
    TERMINAL_PLAYER,
    Bot,
    Game,
    IllegalActionError,
    ModelError,
    RecordError,
    SpecError,
    State,
    VectorEnv,
    bot,
    deal_seed,
    decision_seed,
    from_record,
    game,
    games,
    run_experiment,
)
from beachcomber._model import Model, load_model, save_model
from beachcomber._runs import Policy, Tables, league, policy, sweep, tournament

__all__ = [
    "TERMINAL_PLAYER",
    "Bot",
    "Game",
    "IllegalActionError",
    "Model",
    "ModelError",
    "Policy",
    "RecordError",
    "SpecError",
    "State",
    "Tables",
    "VectorEnv",
    "bot",
    "deal_seed",
    "decision_seed",
    "from_record",
    "game",
    "games",
    "league",
    "load_model",
    "policy",
    "run_experiment",
    "save_model",
    "sweep",
    "tournament",
]
