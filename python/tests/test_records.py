"""Records: a state's record replays to the same state (from_record), with
its seed and history; a bad record is refused with the library's message."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest

import beachcomber
from helpers import CONFIGS, random_game


@pytest.mark.parametrize(("spec", "players"), CONFIGS)
def test_a_record_round_trips_mid_game_and_at_the_end(spec, players):
    states = random_game(spec, players, 21)
    for state in (states[len(states) // 2], states[-1]):
        text = state.to_record()
        record = json.loads(text)
        assert record["seed"] == 21 and record["players"] == players
        assert record["bots"] == ["human"] * players
        assert ("end" in record) == (not state.is_terminal())
        again = beachcomber.from_record(text)
        assert again.seed == 21
        assert again.history() == state.history()
        assert again.to_record() == text
        if spec == "seaside":
            # A record holds the removal a `removed=rulebook` game drew.
            assert again.get_game().spec == f"seaside(removed={record['options']['removed']})"
            assert again != state
        else:
            assert again.get_game().spec == state.get_game().spec
            assert again == state


def test_bots_are_written_and_checked():
    state = random_game("shell-dash", 2, 4)[-1]
    greedy = beachcomber.bot("greedy").spec  # canonical: every option written
    record = json.loads(state.to_record(bots=["random", greedy]))
    assert record["bots"] == ["random", greedy]
    with pytest.raises(beachcomber.RecordError, match="1 bot specs for 2 players"):
        state.to_record(bots=["random"])
    with pytest.raises(beachcomber.RecordError, match="is not written canonically"):
        state.to_record(bots=["random", "ismcts( c=0.7)"])


def test_a_tampered_record_is_refused():
    text = random_game("seaside(removed=35)", 2, 8)[-1].to_record()
    record = json.loads(text)
    record["seed"] = 9
    with pytest.raises(beachcomber.RecordError, match="seed 9 does not deal the recorded setup"):
        beachcomber.from_record(json.dumps(record))
    with pytest.raises(beachcomber.RecordError, match="^not a game record"):
        beachcomber.from_record("{")
    record = json.loads(text)
    record["result"]["scores"][0] += 1
    with pytest.raises(beachcomber.RecordError, match="recorded result"):
        beachcomber.from_record(json.dumps(record, separators=(",", ":")))


def test_the_seed_is_the_deal_seed_of_records():
    # A record's seed deals its setup (the library checks it on reading):
    # a record of a state dealt from seed S replays, one claiming another
    # seed does not.
    state = beachcomber.game("seashells", 4).new_initial_state(12345)
    rng = random.Random(0)
    for _ in range(5):
        state.apply_action(rng.choice(state.legal_actions()))
    assert beachcomber.from_record(state.to_record()).seed == 12345


@pytest.mark.parametrize(
    ("name", "spec", "players", "run_seed", "games_per_deal"),
    [
        ("tournament-seaside-seed5.jsonl", "seaside", 2, 5, 2),
        ("tournament-seashells-stroll-seed2026.jsonl", "seashells(mode=stroll)", 3, 2026, 1),
    ],
)
def test_the_command_lines_records_are_dealt_and_written_the_same(name, spec, players, run_seed, games_per_deal):
    # Game i of `beachcomber tournament --seed S` is dealt from
    # deal_seed(S, i // games_per_deal): new_initial_state of that seed
    # deals its setup, and replaying its actions writes its line byte for
    # byte.
    lines = (Path(__file__).parent / "data" / name).read_text().splitlines()
    game = beachcomber.game(spec, players)
    for i, line in enumerate(lines):
        record = json.loads(line)
        assert record["seed"] == beachcomber.deal_seed(run_seed, i // games_per_deal)
        state = game.new_initial_state(record["seed"])
        assert json.loads(state.to_record())["setup"] == record["setup"]
        for action in beachcomber.from_record(line).history():
            state.apply_action(action)
        assert state.to_record(bots=record["bots"]) == line


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (["x", "x"], "field `bots`: seat 0: unknown bot `x`"),
        (["random", "ismcts(iterations=0)"], "field `bots`: seat 1: "),
        (["random(x=1)", "random"], "field `bots`: seat 0: "),
        (["random", "ismcts( c=0.7)"], "field `bots`: seat 1: `ismcts( c=0.7)` is not written canonically"),
    ],
)
def test_bots_are_checked_as_replay_checks_them(cli, tmp_path, bots, message):
    # One check, the library's (`beachcomber replay`'s): to_record refuses
    # what replay would refuse, and from_record refuses such a record with
    # replay's message.
    state = random_game("shell-dash", 2, 4)[-1]
    with pytest.raises(beachcomber.RecordError) as written:
        state.to_record(bots=bots)
    assert str(written.value).startswith(message)
    record = json.loads(state.to_record())
    record["bots"] = bots
    line = json.dumps(record, separators=(",", ":"))
    with pytest.raises(beachcomber.RecordError) as read:
        beachcomber.from_record(line)
    assert str(read.value) == str(written.value)
    path = tmp_path / "games.jsonl"
    path.write_text(line + "\n")
    replay = subprocess.run([cli, "replay", path], capture_output=True, text=True)
    assert replay.returncode != 0
    assert replay.stderr.rstrip("\n").endswith(f"games.jsonl line 1 (record 0, seed 4): {read.value}"), replay.stderr


def test_every_bot_replay_accepts_is_accepted():
    state = random_game("shell-dash", 2, 4)[-1]
    canonical = [beachcomber.bot(b).spec for b in ("greedy", "expert", "ismcts(iterations=5)")]
    for bots in (["human", "engine(name=mine)"], ["random", canonical[0]], canonical[1:]):
        line = state.to_record(bots=bots)
        assert beachcomber.from_record(line).history() == state.history()
