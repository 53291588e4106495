"""A Python bot that hangs: Ctrl-C (a real SIGINT) stops the run with
KeyboardInterrupt raised inside the bot, whether it sleeps or loops in
Python; a time limit forfeits the game, with the forfeit in the record, and
ends the call with TimeoutError.

Each hanging bot gives up by itself after HANG seconds and then says so
(`finished`), so that on a build where the run cannot be stopped the test
fails (the bot finished instead of being interrupted) rather than hangs."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import beachcomber

HANG = 30.0


class Hanging:
    """A bot that hangs (`how`: "sleep" or "loop") for `seconds` at every
    decision, noting what ended each call."""

    def __init__(self, how: str, seconds: float = HANG) -> None:
        self.how, self.seconds = how, seconds
        self.entered = threading.Event()
        self.ended: list[str] = []
        self.__name__ = f"hang_{how}"

    def __call__(self, state: beachcomber.State) -> int:
        self.entered.set()
        try:
            if self.how == "sleep":
                time.sleep(self.seconds)
            else:
                end = time.monotonic() + self.seconds
                while time.monotonic() < end:
                    pass
        except BaseException as e:
            self.ended.append(type(e).__name__)
            raise
        self.ended.append("finished")
        return state.legal_actions()[0]


@pytest.fixture
def ctrl_c() -> Iterator[Callable[[threading.Event], threading.Thread]]:
    """`ctrl_c(entered)`: a thread that sends this process a real SIGINT
    (as Ctrl-C does) once `entered` is set; Python's own handler installed
    meanwhile (a process started in the background by a shell ignores
    SIGINT)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    threads: list[threading.Thread] = []

    def press(entered: threading.Event) -> threading.Thread:
        def send() -> None:
            if entered.wait(HANG):
                time.sleep(0.2)  # well inside the call
                os.kill(os.getpid(), signal.SIGINT)

        thread = threading.Thread(target=send, daemon=True)
        thread.start()
        threads.append(thread)
        return thread

    try:
        yield press
    finally:
        for thread in threads:
            thread.join()
        signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("how", ["sleep", "loop"])
@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_hanging_python_bot(ctrl_c, how, threads):
    bot = Hanging(how)
    ctrl_c(bot.entered)
    with pytest.raises(KeyboardInterrupt):
        beachcomber.tournament("shell-dash", 2, ["random", bot], games=2, threads=threads, progress=False)
    # Raised inside the bot by Python's handler: it never finished its call.
    assert bot.ended == ["KeyboardInterrupt"]


def test_ctrl_c_stops_a_league_and_a_sweep_too(ctrl_c):
    for run in (
        lambda bot: beachcomber.league("shell-dash", 2, ["random", bot], games_per_pairing=2, progress=False),
        lambda bot: beachcomber.sweep("shell-dash", 2, bots=[["random", bot]], games=2, progress=False),
    ):
        bot = Hanging("loop")
        ctrl_c(bot.entered)
        with pytest.raises(KeyboardInterrupt):
            run(bot)
        assert bot.ended == ["KeyboardInterrupt"]


@pytest.mark.parametrize("how", ["sleep", "loop"])
def test_a_time_limit_forfeits_the_game(how):
    # A loop in Python is ended at the deadline by TimeoutError; a sleep is
    # not cut (a call in C ends when it returns), so that bot naps briefly,
    # and the TimeoutError is raised as its sleep returns.
    bot = Hanging(how, HANG if how == "loop" else 0.5)
    timed = beachcomber.policy(bot, time_limit=0.05)
    t = beachcomber.tournament("shell-dash", 2, ["random", timed], games=2, records=True, progress=False)
    records = [json.loads(line) for line in t.records]
    # The Python bot sits in seat 1, then seat 0 (the rotation), and loses
    # each game at its first decision: a forfeit, as an engine's timeout.
    seats = [r["bots"].index(timed.spec) for r in records]
    assert seats == [1, 0]
    assert [r["end"] for r in records] == [{"forfeit": s} for s in seats]
    assert [r["result"] for r in records] == [None, None]
    games = t.games
    mine = games[games["bot"] == timed.spec]
    assert list(mine["end"]) == [f"forfeit:{s}" for s in seats]
    assert list(mine["won"]) == [False, False]
    for line in t.records:
        # A forfeit's record replays as it is: the game is not over.
        assert not beachcomber.from_record(line).is_terminal()
    assert bot.ended == ["TimeoutError", "TimeoutError"]
    # Nothing of the time limit is left to be raised in the caller's code.
    total = 0
    for i in range(200_000):
        total += i
    assert total == 199_999 * 200_000 // 2


def test_a_bot_within_its_time_limit_plays_as_without_one():
    def first(state: beachcomber.State) -> int:
        return state.legal_actions()[0]

    timed = beachcomber.tournament(
        "shell-dash", 2, ["random", beachcomber.policy(first, time_limit=60)], games=4, records=True, progress=False
    )
    plain = beachcomber.tournament("shell-dash", 2, ["random", first], games=4, records=True, progress=False)
    assert timed.records == plain.records
    assert all("end" not in json.loads(line) for line in timed.records)


@pytest.mark.parametrize(
    ("limit", "error", "message"),
    [
        (0, beachcomber.SpecError, "time_limit: 0 is not from 0.001 to 86400 seconds (None: no limit)"),
        (-1.5, beachcomber.SpecError, "time_limit: -1.5 is not from 0.001 to 86400 seconds (None: no limit)"),
        (float("nan"), beachcomber.SpecError, "time_limit: NaN is not from 0.001 to 86400 seconds (None: no limit)"),
        (1e9, beachcomber.SpecError, "time_limit: 1000000000 is not from 0.001 to 86400 seconds (None: no limit)"),
        ("1", TypeError, "time_limit must be a number of seconds or None, not str"),
        (True, TypeError, "time_limit must be a number of seconds or None, not bool"),
    ],
)
def test_a_bad_time_limit_is_refused(limit: Any, error: type[Exception], message: str):
    with pytest.raises(error) as caught:
        beachcomber.policy(lambda state: 0, name="p", time_limit=limit)
    assert str(caught.value) == message
