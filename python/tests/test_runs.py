"""Runs from Python: tournaments, leagues and sweeps give the command line's
tables byte for byte (the binary runs the same spec here), as DataFrames
holding every cell's value; Python callables seated in-process; built-in
bots acting on states as in a tournament; progress; errors."""

from __future__ import annotations

import csv
import io
import json
import math
import shlex
import subprocess
import sys
import signal
import threading
import time
import types
from pathlib import Path
from typing import Any, Callable

import pytest

import beachcomber

# Each case: the command line (its outputs given by name), the same run
# from Python, and which table is which file.
CASES: list[tuple[str, str, Callable[..., beachcomber.Tables], dict[str, str]]] = [
    (
        "tournament-quality",
        "tournament --game seaside --players 2 --bots 'greedy(worlds=2),random' --games 40 --seed 3 "
        "--quality --out games.csv --summary summary.csv",
        lambda **kw: beachcomber.tournament(
            "seaside", 2, "greedy(worlds=2),random", games=40, seed=3, quality=True, **kw
        ),
        {"games": "games.csv", "summary": "summary.csv"},
    ),
    (
        "tournament-sprt",
        "tournament --game shell-dash --players 2 --bots 'greedy(worlds=2),random' --deals 300 "
        "--seed 5 --sprt elo0=0,elo1=100 --out games.csv --summary summary.csv",
        lambda **kw: beachcomber.tournament(
            "shell-dash", 2, ["greedy(worlds=2)", "random"], deals=300, seed=5,
            sprt="elo0=0,elo1=100", **kw
        ),
        {"games": "games.csv", "summary": "summary.csv"},
    ),
    (
        "tournament-no-rotate",
        "tournament --game 'seashells(mode=stroll)' --players 3 --bots 'random,greedy(worlds=2),random' "
        "--deals 12 --seed 7 --no-rotate --out games.csv --summary summary.csv",
        lambda **kw: beachcomber.tournament(
            "seashells(mode=stroll)", 3, "random,greedy(worlds=2),random", deals=12, seed=7,
            rotate=False, **kw
        ),
        {"games": "games.csv", "summary": "summary.csv"},
    ),
    (
        "league",
        "league --game shell-dash --players 2 --bots 'random,greedy(worlds=2),ismcts(iterations=30)' "
        "--games-per-pairing 10 --seed 2 --anchor 'greedy(worlds=2)' --resamples 200 "
        "--out games.csv --summary ratings.csv",
        lambda **kw: beachcomber.league(
            "shell-dash", 2, ["random", beachcomber.bot("greedy(worlds=2)"), "ismcts(iterations=30)"],
            games_per_pairing=10, seed=2, anchor="greedy(worlds=2)", resamples=200, **kw
        ),
        {"games": "games.csv", "ratings": "ratings.csv", "pairs": "ratings.pairs.csv"},
    ),
    (
        "sweep",
        "sweep --game seaside --players 2,3 --vary removed=0,10,20 --bots random "
        "--bots 'greedy(worlds=2),random' --deals 4 --seed 11 --quality --baseline removed=0 "
        "--margin seat_ratio=0.05 --margin max_seat_ratio=0.1:non-inferior --trend removed --out sweep",
        lambda **kw: beachcomber.sweep(
            "seaside", [2, 3], {"removed": [0, 10, 20]}, ["random", ["greedy(worlds=2)", "random"]],
            deals=4, seed=11, quality=True, baseline={"removed": 0},
            margin={"seat_ratio": 0.05, "max_seat_ratio": "0.1:non-inferior"}, trend="removed", **kw
        ),
        {
            "games": "sweep/games.csv",
            "metrics": "sweep/metrics.csv",
            "compare": "sweep/compare.csv",
            "trends": "sweep/trends.csv",
        },
    ),
]


def run_cli(cli: Path, line: str, cwd: Path) -> None:
    subprocess.run([str(cli), *shlex.split(line), "--quiet"], cwd=cwd, check=True)


def assert_cells(frame: Any, text: str) -> None:
    """Every cell of the CSV `text` is the DataFrame's value there (pandas
    or polars): integers exact (seeds above 2^63 too), floats equal, texts
    as written, empty numbers missing."""
    rows = list(csv.reader(io.StringIO(text)))
    header, body = rows[0], rows[1:]
    assert list(frame.columns) == header
    assert len(frame) == len(body)
    is_pandas = hasattr(frame, "iloc")
    for c, name in enumerate(header):
        values = frame[name].tolist() if is_pandas else frame[name].to_list()
        for cell, value in zip((row[c] for row in body), values):
            missing = value is None or (isinstance(value, float) and math.isnan(value)) or (
                is_pandas and value is not None and str(value) == "<NA>"
            )
            if cell == "":
                assert missing or value == "", (name, cell, value)
            elif name == "seat" and cell == "all":
                # A row over every seat: the declared seat column's missing value.
                assert missing, (name, cell, value)
            elif isinstance(value, bool):
                assert cell == ("true" if value else "false"), (name, cell, value)
            elif isinstance(value, int):
                assert int(cell) == value, (name, cell, value)
            elif isinstance(value, float):
                assert float(cell) == value or (math.isnan(value) and cell == "nan"), (name, cell, value)
            else:
                assert value == cell, (name, cell, value)


@pytest.mark.parametrize(("name", "line", "run", "files"), CASES, ids=[c[0] for c in CASES])
def test_tables_are_the_command_lines_files_byte_for_byte(cli, tmp_path, name, line, run, files):
    run_cli(cli, line, tmp_path)
    tables = run(threads=2, progress=False)
    assert list(tables) == list(files)
    for table, file in files.items():
        want = (tmp_path / file).read_bytes()
        assert tables.csv_bytes(table) == want, table
        tables.write_csv(table, tmp_path / "written.csv")
        assert (tmp_path / "written.csv").read_bytes() == want, table
        assert_cells(tables[table], want.decode())
    if name == "tournament-sprt":
        assert tables.stopped and tables.played < 600
    # The same bytes on one thread.
    again = run(threads=1, progress=False)
    for table in files:
        assert again.csv_bytes(table) == tables.csv_bytes(table)


def test_a_run_without_a_count_plays_the_modules_default_games():
    """The native constants are what the runs play: a tournament and a
    sweep given no games, deals or bots play ``DEFAULT_GAMES`` games of
    ``DEFAULT_BOTS``."""
    from beachcomber import _native

    t = beachcomber.tournament("shell-dash", 1, progress=False)
    assert t.games.game.nunique() == _native.DEFAULT_GAMES
    assert set(t.games.bot) == {_native.DEFAULT_BOTS}
    s = beachcomber.sweep("shell-dash", 1, progress=False)
    assert s.games.game.nunique() == _native.DEFAULT_GAMES
    assert set(s.games.bot) == {_native.DEFAULT_BOTS}


def test_the_games_tables_columns_have_the_plans_schema_not_their_cells_look():
    """A varied setting written as text whose cells all look like integers
    (``removed=08,09``) is text in the games table, as its Parquet schema
    has it; read from its cells it was an integer column (8 and 9: not the
    values the sweep was given, nor those a baseline names)."""
    from beachcomber import _native

    for frame in ("pandas", "polars"):
        t = beachcomber.sweep("seaside", 2, "removed=08,09", games=2, progress=False, frame=frame)
        data = t.csv_bytes("games")
        assert _native.csv_columns(data)[0][:2] == ("removed", "int")
        assert _native.csv_columns(data, t._layout)[0][:2] == ("removed", "str")
        assert sorted(set(t.games["removed"].to_list())) == ["08", "09"]
        assert t.games["players"].to_list() == [2] * 8
        assert t.games["seat"].to_list() == [0, 1] * 4


def test_defaults_are_the_command_lines(cli):
    """Each run's keyword defaults are the module's constants, and those are
    the defaults the command line's --help gives (one definition each)."""
    import inspect
    import re

    from beachcomber import _native

    def default(fn: Callable[..., Any], name: str) -> Any:
        return inspect.signature(fn).parameters[name].default

    for fn in (beachcomber.tournament, beachcomber.league, beachcomber.sweep):
        assert default(fn, "seed") == _native.DEFAULT_SEED
    assert default(beachcomber.league, "games_per_pairing") == _native.DEFAULT_GAMES_PER_PAIRING
    assert default(beachcomber.league, "resamples") == _native.DEFAULT_RESAMPLES
    assert default(beachcomber.sweep, "max_combinations") == _native.DEFAULT_MAX_COMBINATIONS
    assert default(beachcomber.tournament, "bots") == _native.DEFAULT_BOTS

    def help_default(command: str, flag: str) -> int:
        out = subprocess.run([str(cli), command, "--help"], capture_output=True, text=True, check=True).stdout
        found = re.search(rf"--{flag} <\w+>\n(?:.*\n)*?.*\[default: (\d+)\]", out)
        assert found, (command, flag)
        return int(found.group(1))

    for command in ("tournament", "league", "sweep"):
        assert help_default(command, "seed") == _native.DEFAULT_SEED
    assert help_default("league", "games-per-pairing") == _native.DEFAULT_GAMES_PER_PAIRING
    assert help_default("league", "resamples") == _native.DEFAULT_RESAMPLES
    assert help_default("sweep", "max-combinations") == _native.DEFAULT_MAX_COMBINATIONS


def test_polars_frames_hold_every_cell(cli, tmp_path):
    pytest.importorskip("polars")
    _, _, run, files = CASES[4]
    tables = run(progress=False, frame="polars")
    assert type(tables.games).__module__.startswith("polars")
    for table in files:
        assert_cells(tables[table], tables.csv(table))
    schema = tables.games.schema
    assert str(schema["seed"]) == "UInt64" and str(schema["win_share"]) == "Float64"


def test_the_seat_column_has_one_type_whatever_the_run():
    # A mirror lineup's metrics hold seat rows only (`0`, `1`); a mixed
    # one's also a row per bot over every seat (`all`). Read from the
    # cells, the first was an integer column and the second text, so
    # `m[m.seat == 0]` found no row of the second.
    mirror = beachcomber.sweep("shell-dash", 2, bots="random", deals=2, seed=3, progress=False)
    mixed = beachcomber.sweep("shell-dash", 2, bots="greedy(worlds=2),random", deals=2, seed=3, progress=False)
    assert "all" in mixed.csv("metrics") and "all" not in mirror.csv("metrics")
    for tables in (mirror, mixed):
        for table in ("games", "metrics"):
            assert str(tables[table]["seat"].dtype) == "Int64", (table, tables[table]["seat"].dtype)
        m = tables.metrics
        assert m[m.seat == 0]["seat"].tolist() == [0]
        assert m[m.seat == 1]["seat"].tolist() == [1]
    # The bot rows (`all`) are the missing seats.
    assert mixed.metrics["seat"].isna().tolist() == [False, False, True, True]
    assert mixed.metrics[mixed.metrics.seat.isna()]["bot"].tolist() == ["greedy(worlds=2)", "random"]
    summary = beachcomber.tournament("shell-dash", 2, "random", games=4, progress=False).summary
    assert str(summary["seat"].dtype) == "Int64"
    # Another cell in a `seat` column: read from the cells as any column.
    assert beachcomber._native.csv_columns(b"seat,n\n0,1\nall,2\n,3\n") == [
        ("seat", "int", True, "all"),
        ("n", "int", False, None),
    ]
    assert beachcomber._native.csv_columns(b"seat\n0\nx\n") == [("seat", "str", False, None)]
    pytest.importorskip("polars")
    frame = beachcomber.sweep(
        "shell-dash", 2, bots="greedy(worlds=2),random", deals=2, seed=3, progress=False, frame="polars"
    ).metrics
    assert str(frame.schema["seat"]) == "Int64" and frame["seat"].to_list() == [0, 1, None, None]


def test_dtypes_are_explicit():
    tables = beachcomber.tournament("seashells", 2, "greedy(worlds=2),random", games=20, progress=False)
    dtypes = {k: str(v) for k, v in tables.games.dtypes.items()}
    assert dtypes["seed"] == "uint64" and dtypes["win_share"] == "float64"
    assert dtypes["score"] == "int64" and dtypes["bot"] in ("str", "object", "string")
    summary = tables.summary
    # The seat of a bot's row is empty: a missing integer.
    assert str(summary["seat"].dtype) == "Int64" and summary["seat"].isna().sum() == 2
    # A column of empty cells only (no test run) is missing numbers.
    assert str(summary["sprt_llr"].dtype) == "float64" and summary["sprt_llr"].isna().all()


def test_records_are_the_command_lines(cli, tmp_path):
    run_cli(
        cli,
        "tournament --game shell-dash --players 2 --bots 'greedy(worlds=2),random' --games 30 --seed 4 "
        "--record r.jsonl",
        tmp_path,
    )
    tables = beachcomber.tournament(
        "shell-dash", 2, "greedy(worlds=2),random", games=30, seed=4, records=True, rows=False,
        progress=False,
    )
    assert list(tables) == ["summary"]
    assert tables.records == (tmp_path / "r.jsonl").read_text().splitlines()
    state = beachcomber.from_record(tables.records[5])
    assert state.is_terminal()


def test_a_python_seat_playing_greedys_moves_plays_greedys_games():
    # The state a seat is handed carries its decision's generator: a
    # built-in bot's act(state) there is the move the bot itself makes.
    greedy = beachcomber.bot("greedy(worlds=2)")

    def mine(state: beachcomber.State) -> int:
        assert state.current_player() in (0, 1)
        return greedy.act(state)

    want = beachcomber.tournament("seashells", 2, "random,greedy(worlds=2)", deals=15, seed=8, progress=False)
    for threads in (1, 2):
        got = beachcomber.tournament("seashells", 2, ["random", mine], deals=15, seed=8, threads=threads, progress=False)
        for table in ("games", "summary"):
            assert got.csv(table).replace("engine(name=mine)", "greedy(worlds=2)") == want.csv(table)


def test_a_seeded_random_policy_is_reproducible_at_any_thread_count():
    import random

    def pick(state: beachcomber.State, seed: int) -> int:
        return random.Random(seed).choice(state.legal_actions())

    seat = beachcomber.policy(pick, name="pick", seeded=True)
    runs = [
        beachcomber.tournament("seaside", 2, ["greedy(worlds=2)", seat], games=60, seed=2, threads=t, progress=False)
        for t in (1, 2, 2)
    ]
    assert runs[0].csv("games") == runs[1].csv("games") == runs[2].csv("games")
    assert set(runs[0].games["bot"]) == {"greedy(worlds=2)", "engine(name=pick)"}


def test_a_python_bot_benchmarked_in_a_league():
    def first_legal(state: beachcomber.State) -> int:
        return state.legal_actions()[0]

    tables = beachcomber.league(
        "shell-dash", 2, ["random", "greedy(worlds=2)", first_legal], games_per_pairing=20, seed=3,
        anchor="random", resamples=200, progress=False,
    )
    ratings = tables.ratings
    assert list(ratings["bot"]) == ["random", "greedy(worlds=2)", "engine(name=first_legal)"]
    assert ratings.loc[ratings["bot"] == "random", "rating"].item() == 0.0
    assert len(tables.pairs) == 3
    # The Python bot is anchored the same way by its callable.
    again = beachcomber.league(
        "shell-dash", 2, ["random", "greedy(worlds=2)", first_legal], games_per_pairing=20, seed=3,
        anchor=first_legal, resamples=200, progress=False, threads=1,
    )
    assert again.ratings.loc[again.ratings["bot"] == "engine(name=first_legal)", "rating"].item() == 0.0
    assert again.csv("games") == tables.csv("games")


def test_a_bot_acts_as_it_plays_in_a_tournament():
    # Every recorded decision of a tournament is what Bot.act gives for
    # that state (seeded from the deal's seed and the ply, as the runner).
    tables = beachcomber.tournament(
        "seaside(removed=35)", 2, "ismcts(iterations=40),greedy(worlds=2)", games=4, seed=6,
        records=True, progress=False,
    )
    assert tables.records is not None
    game = beachcomber.game("seaside(removed=35)", 2)
    for line in tables.records:
        record = json.loads(line)
        bots = [beachcomber.bot(spec) for spec in record["bots"]]
        state = game.new_initial_state(record["seed"])
        for action in beachcomber.from_record(line).history():
            assert bots[state.current_player()].act(state) == action
            state.apply_action(action)
        assert state.to_record(bots=record["bots"]) == line


def test_a_bot_is_a_policy():
    expert = beachcomber.bot("expert")
    assert expert.spec.startswith("expert(") and expert.name == "expert" and not expert.cheats
    assert beachcomber.bot("oracle").cheats
    assert expert == beachcomber.bot(expert.spec) and hash(expert) == hash(beachcomber.bot(expert.spec))
    state = beachcomber.game("seashells", 3).new_initial_state(4)
    action = expert.act(state)
    assert action in state.legal_actions() and expert(state) == action
    assert isinstance(expert.act(state, seed=99), int)
    world = state.sample_world(0, 1)
    with pytest.raises(ValueError, match="^give a seed: a sampled world has no history"):
        expert.act(world)
    assert expert.act(world, seed=5) in world.legal_actions()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(beachcomber.IllegalActionError, match="^the game is over$"):
        expert.act(state)


def test_the_gil_is_released_while_rust_thinks():
    # A Python thread counts while a bot thinks and while a run plays: it
    # could not if the GIL were held.
    count = [0]
    stop = threading.Event()

    def counter() -> None:
        while not stop.is_set():
            count[0] += 1

    thread = threading.Thread(target=counter)
    thread.start()
    try:
        state = beachcomber.game("seashells", 2).new_initial_state(1)
        before = count[0]
        beachcomber.bot("ismcts(iterations=20000)").act(state)
        during_act = count[0] - before
        before = count[0]
        beachcomber.tournament("seashells", 2, "greedy", games=300, threads=1, progress=False)
        during_run = count[0] - before
    finally:
        stop.set()
        thread.join()
    assert during_act > 1000 and during_run > 1000, (during_act, during_run)


def test_progress_reaches_the_total_and_a_raising_callback_stops_the_run():
    calls: list[tuple[int, int]] = []
    beachcomber.tournament("seashells", 2, "greedy(worlds=2)", games=400, progress=lambda d, t: calls.append((d, t)))
    assert calls and calls[-1] == (400, 400)
    assert all(t == 400 for _, t in calls) and [d for d, _ in calls] == sorted(d for d, _ in calls)

    class Enough(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Enough

    started = time.monotonic()
    with pytest.raises(Enough):
        beachcomber.tournament("seashells", 2, "greedy", games=100_000, progress=stop)
    assert time.monotonic() - started < 10


def test_a_tqdm_bar_when_tqdm_is_importable(monkeypatch):
    # `progress=True` (the default) shows a `tqdm.auto` bar, counted in
    # games, closed at the end; without tqdm, nothing.
    bars: list[Any] = []

    class Bar:
        def __init__(self, total: int, **options: Any) -> None:
            self.total, self.n, self.options, self.closed = total, 0, options, False
            bars.append(self)

        def update(self, n: int) -> None:
            self.n += n

        def close(self) -> None:
            self.closed = True

    fake = types.ModuleType("tqdm.auto")
    fake.tqdm = Bar  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tqdm.auto", fake)
    beachcomber.tournament("seashells", 2, "greedy(worlds=2)", games=300, threads=1)
    [bar] = bars
    assert (bar.n, bar.total, bar.closed) == (300, 300, True)
    assert bar.options["unit"] == "game" and bar.options["desc"] == "tournament"
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # not importable
    beachcomber.tournament("seashells", 2, "greedy(worlds=2)", games=30)
    assert len(bars) == 1


def test_ctrl_c_stops_a_run_with_keyboard_interrupt():
    import _thread

    # Ctrl-C as the main thread sees it, raised once the run is under way
    # (from its first progress report, on the main thread: no timer to race
    # a loaded machine); the run stops at the next poll.
    calls = []

    def press_ctrl_c(done, total):
        calls.append(done)
        if len(calls) == 1:
            _thread.interrupt_main()

    # Python's own Ctrl-C handler for the test: a process started in the
    # background by a shell ignores SIGINT, and then interrupt_main() does
    # nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            beachcomber.tournament("seashells", 2, "greedy", games=1_000_000, progress=press_ctrl_c)
        assert calls and time.monotonic() - started < 60
    finally:
        signal.signal(signal.SIGINT, previous)


def test_a_cheating_bot_is_noted_as_a_warning():
    with pytest.warns(UserWarning, match="oracle"):
        beachcomber.tournament("shell-dash", 2, "oracle(iterations=20),random", games=2, progress=False)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: beachcomber.tournament("nope", 2), "game: unknown game `nope` (known: seashells, seaside, shell-dash)"),
        (
            lambda: beachcomber.tournament("seaside", 2, "nobot"),
            "bots: unknown bot `nobot` (known: random, greedy, pimc, ismcts, expert, learned, oracle)",
        ),
        (
            lambda: beachcomber.tournament("seaside", 2, "greedy,random", games=3),
            "games: 3 games is not a multiple of the 2 seat rotations of each deal "
            "(use 2 or 4 games, --deals 1, or --no-rotate)",
        ),
        (lambda: beachcomber.tournament("seaside", 2, games=2, deals=1), "give games or deals, not both"),
        (lambda: beachcomber.tournament("seaside", 2, deals=0), "deals: a run needs at least one deal"),
        (
            lambda: beachcomber.tournament("seaside", 2, "random", sprt="elo0=0,elo1=5"),
            'sprt: compares exactly two distinct bots; the lineup has 1 (give two specs in bots, e.g. bots="ismcts,greedy")',
        ),
        (
            lambda: beachcomber.league("seaside", 2, ["random", "random"]),
            "bots: `random` is listed twice; list each bot once",
        ),
        (
            lambda: beachcomber.league("seaside", 2, "random,greedy", anchor="ismcts"),
            "anchor `ismcts` is not one of the league's bots: random, greedy(worlds=8)",
        ),
        (lambda: beachcomber.league("seaside", 2, "random,greedy", resamples=5), "resamples: 5 is not in 100..=100000"),
        (
            lambda: beachcomber.sweep("seaside", 2, "colour=1,2"),
            "vary: `colour` is not an option of seaside (its options: removed, tokens, tokens_file, compensation, start_tokens)",
        ),
        (lambda: beachcomber.sweep("seaside", 2, margin="seat_ratio=0.05"), "margin: needs a baseline (the combination to compare with)"),
        (lambda: beachcomber.tournament("seaside", 2, threads=0), "threads: 0 is not in 1..=1024 (None: every core)"),
        (lambda: beachcomber.tournament("seaside", 2, threads=10**6), "threads: 1000000 is not in 1..=1024 (None: every core)"),
        (
            lambda: beachcomber.tournament("seaside", 2, ["random", lambda s: 0]),
            "bots: `<lambda>` cannot name a Python policy (letters, digits, `_`, `-` and `.`: name it with beachcomber.policy(fn, name=...))",
        ),
        (
            lambda: beachcomber.tournament("seaside", 2, ["random", beachcomber.policy(lambda s: 0, name="greedy")]),
            "bots: a Python policy cannot be named `greedy`, a bot of the library's name (name it with beachcomber.policy(fn, name=...))",
        ),
        (
            lambda: beachcomber.tournament(
                "seaside", 2, [beachcomber.policy(lambda s: 0, name="p"), beachcomber.policy(lambda s: 1, name="p")]
            ),
            "bots: two Python policies are named `p`: name each once (beachcomber.policy(fn, name=...))",
        ),
        (lambda: beachcomber.bot("nobot(x=1)"), "unknown bot `nobot` (known: random, greedy, pimc, ismcts, expert, learned, oracle)"),
        (lambda: beachcomber.bot("ismcts(iterations=0)"), None),
    ],
)
def test_bad_arguments_raise_spec_error_with_the_librarys_message(call, message):
    with pytest.raises(beachcomber.SpecError) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    if message is not None:
        assert str(caught.value) == message
    assert "\n" not in str(caught.value)


def test_a_failing_python_seat_stops_the_run_with_its_error():
    def boom(state: beachcomber.State) -> int:
        raise ZeroDivisionError("no move")

    with pytest.raises(ZeroDivisionError, match="no move") as caught:
        beachcomber.tournament("seaside", 2, ["greedy(worlds=2)", boom], games=2, progress=False)
    notes = getattr(caught.value, "__notes__", [])
    assert notes in ([], ["bot `engine(name=boom)` (seat 1) failed in game 0 at decision 1"])

    with pytest.raises(beachcomber.IllegalActionError) as illegal:
        beachcomber.tournament("seaside", 2, ["random", lambda_named("bad", 999)], games=2, progress=False)
    assert str(illegal.value) == (
        "bot `engine(name=bad)` (seat 1) failed in game 0 at decision 1: action 999 is not in the action space (0 to 60)"
    )
    with pytest.raises(beachcomber.IllegalActionError) as illegal:
        beachcomber.tournament("seaside", 2, ["random", lambda_named("zero", 0)], games=2, progress=False)
    assert str(illegal.value) == (
        "bot `engine(name=zero)` (seat 1) failed in game 0 at decision 1: illegal action 0 (`play:Isopod`; legal: 2 6)"
    )
    with pytest.raises(TypeError, match=r"failed in game 0 at decision 0: the policy returned 'x', not an action index$"):
        beachcomber.tournament("shell-dash", 1, [lambda_named("x", "x")], games=1, progress=False)


def lambda_named(name: str, answer: Any) -> beachcomber.Policy:
    return beachcomber.policy(lambda state: answer, name=name)


def test_tables_say_what_they_hold():
    tables = beachcomber.tournament("shell-dash", 2, "random", games=4, rows=False, progress=False)
    assert list(tables) == ["summary"] and len(tables) == 1 and "games" not in tables
    with pytest.raises(KeyError, match="this tournament made summary"):
        tables["games"]
    with pytest.raises(AttributeError):
        tables.games
    assert tables.played == 4 and not tables.stopped and tables.records is None
    with pytest.raises(ValueError, match="frame must be 'pandas' or 'polars'"):
        beachcomber.tournament("shell-dash", 2, games=4, frame="arrow", progress=False)


def test_a_missing_frame_library_is_said_before_the_games(monkeypatch):
    monkeypatch.setitem(sys.modules, "polars", None)
    with pytest.raises(ImportError, match=r"^frame='polars' needs polars: pip install polars$"):
        beachcomber.tournament("shell-dash", 2, games=4, frame="polars", progress=False)


def test_column_kinds_come_from_the_cells():
    data = (
        b"i,u,f,b,s,e,n,big\n"
        b"1,18446744073709551615,0.5000,true,x,,-3,9223372036854775807\n"
        b",1,nan,false,7,,4,1\n"
        b"2,2,-inf,true,y,,5,2\n"
    )
    assert beachcomber._native.csv_columns(data) == [
        ("i", "int", True, None),
        ("u", "uint", False, None),
        ("f", "float", False, None),
        ("b", "bool", False, None),
        ("s", "str", False, None),
        ("e", "float", True, None),
        ("n", "int", False, None),
        ("big", "int", False, None),
    ]
    frame = beachcomber._runs.read_frame(data, "pandas")
    assert frame["u"].tolist() == [18446744073709551615, 1, 2]
    assert frame["b"].tolist() == [True, False, True] and frame["s"].tolist() == ["x", "7", "y"]
    assert frame["i"].isna().tolist() == [False, True, False]
    assert frame["f"].tolist()[0] == 0.5 and math.isnan(frame["f"][1]) and frame["f"][2] == -math.inf
    assert_cells(frame, data.decode())
    pytest.importorskip("polars")
    assert_cells(beachcomber._runs.read_frame(data, "polars"), data.decode())


def test_an_engine_spec_needs_its_callable():
    with pytest.raises(beachcomber.SpecError) as caught:
        beachcomber.tournament("shell-dash", 2, "random,engine(name=mine)", games=2, progress=False)
    assert str(caught.value) == (
        "bots: `engine(name=mine)` is no Python callable of this run: seat the callable itself "
        "(external engines run from the command line's --engine)"
    )
    with pytest.raises(beachcomber.SpecError, match="is an external engine"):
        beachcomber.bot("engine(name=mine)")
