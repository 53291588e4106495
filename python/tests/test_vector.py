"""Batched playouts (VectorEnv): many games stepped together, the same
results at any thread count, each game's outputs those of its State."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys

import numpy as np
import pytest

import beachcomber
from helpers import CONFIGS, derive


def run(env, steps):
    """Random play for `steps` steps; every output array copied each step."""
    out = [tuple(a.copy() for a in env.reset(seed=3))]
    for _ in range(steps):
        out.append(tuple(a.copy() for a in env.step(env.random_actions())))
    return out


@pytest.mark.parametrize(("spec", "players"), CONFIGS)
def test_the_thread_count_changes_nothing(spec, players):
    one = run(beachcomber.VectorEnv(spec, players, 67, threads=1), 150)
    two = run(beachcomber.VectorEnv(spec, players, 67, threads=2), 150)
    assert len(one) == len(two)
    for a, b in zip(one, two):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    # Games ended and were dealt again.
    assert sum(step[4].sum() for step in one[1:]) > 0


@pytest.mark.parametrize(("spec", "players"), CONFIGS)
def test_each_games_outputs_are_its_states(spec, players):
    game = beachcomber.game(spec, players)
    env = beachcomber.VectorEnv(spec, players, 5, seed=11, threads=2)
    obs, mask, player = env.reset(seed=11)
    assert obs.shape == (5, game.observation_tensor_size()) and obs.dtype == np.float32
    assert mask.shape == (5, game.num_distinct_actions()) and mask.dtype == np.int8
    assert player.dtype == np.int64
    for i in range(5):
        assert env.state(i) == game.new_initial_state(beachcomber.deal_seed(derive(11, i), 0))
    ended = 0
    for _ in range(120):
        before = [env.state(i) for i in range(5)]
        actions = env.random_actions().copy()
        obs, mask, player, rewards, done = env.step(actions)
        assert rewards.shape == (5, players) and rewards.dtype == np.float32
        for i in range(5):
            played = before[i].clone()
            played.apply_action(int(actions[i]))
            assert done[i] == played.is_terminal()
            if done[i]:
                ended += 1
                assert list(rewards[i]) == pytest.approx(played.returns())
                assert env.state(i).history() == []
            else:
                assert not rewards[i].any()
                assert env.state(i) == played
            now = env.state(i)
            assert player[i] == now.current_player()
            assert np.array_equal(obs[i], now.observation_tensor(int(player[i])))
            assert np.array_equal(mask[i], now.legal_actions_mask())
            assert now.seed == env.deal_seeds()[i]
    assert ended > 0
    # A game's record replays.
    state = env.state(0)
    assert beachcomber.from_record(state.to_record()).history() == state.history()


def test_the_default_threads_are_one_per_2048_games_at_most_one_per_core():
    cores = len(os.sched_getaffinity(0))
    assert beachcomber.VectorEnv("shell-dash", 2, 256).threads == 1
    assert beachcomber.VectorEnv("shell-dash", 2, 4095).threads == 1
    assert beachcomber.VectorEnv("shell-dash", 2, 3 * 2048).threads == min(3, cores)
    assert beachcomber.VectorEnv("shell-dash", 2, 256, threads=2).threads == 2


def test_an_illegal_action_is_refused_and_nothing_is_played():
    env = beachcomber.VectorEnv("seashells", 2, 4, seed=1, threads=2)
    obs, mask, player = env.reset(seed=1)
    before = [env.state(i) for i in range(4)]
    saved = obs.copy()
    actions = env.random_actions().copy()
    actions[2] = 0  # square 0 holds the Bucket at the start: not legal
    assert mask[2, 0] == 0
    with pytest.raises(beachcomber.IllegalActionError, match=r"^game 2: illegal action `0` \(legal: "):
        env.step(actions)
    with pytest.raises(beachcomber.IllegalActionError, match=r"^game 0: action 128 is not in the action space"):
        env.step(np.full(4, 128))
    with pytest.raises(ValueError, match="3 actions for 4 games"):
        env.step([0, 0, 0])
    assert [env.state(i) for i in range(4)] == before
    assert np.array_equal(obs, saved)
    # Actions of any integer type, and lists.
    env.step(list(map(int, env.random_actions())))
    env.step(env.random_actions().astype(np.int32))


def test_resets_without_a_seed_follow_the_last_seed():
    env = beachcomber.VectorEnv("shell-dash", 1, 3, seed=5)
    env.reset(seed=7)
    assert env.deal_seeds() == [beachcomber.deal_seed(derive(7, i), 0) for i in range(3)]
    env.reset()
    assert env.deal_seeds() == [beachcomber.deal_seed(derive(derive(7, 1), i), 0) for i in range(3)]
    with pytest.raises(ValueError, match="num_envs must be from 1 to 1048576, not 0"):
        beachcomber.VectorEnv("shell-dash", 1, 0)
    with pytest.raises(ValueError, match="num_envs must be from 1 to 1048576, not 1048577"):
        beachcomber.VectorEnv("shell-dash", 1, 2**20 + 1)
    for threads in (0, 1025):
        with pytest.raises(ValueError, match=f"threads must be from 1 to 1024, not {threads} "):
            beachcomber.VectorEnv("shell-dash", 1, 4, threads=threads)
    with pytest.raises(beachcomber.SpecError):
        beachcomber.VectorEnv("shell-dash", 3, 2)


def test_too_many_games_for_the_memory_raise_memory_error_not_an_abort():
    # In a child whose address space is capped at 3 GiB: 2^20 Seashells
    # games need 5.55 GiB of observations. The interpreter lives on.
    code = (
        "import resource\n"
        "resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))\n"
        "import beachcomber\n"
        "try:\n"
        "    beachcomber.VectorEnv('seashells', 2, 2**20)\n"
        "except MemoryError as e:\n"
        "    print('MemoryError:', e)\n"
        "print('alive')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("MemoryError: ") and out.stdout.endswith("alive\n"), out.stdout


def _child(env, queue):
    obs, *_ = env.step(env.random_actions())
    queue.put(float(obs.sum()))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_steps_with_its_own_threads():
    env = beachcomber.VectorEnv("seaside(removed=35)", 2, 64, seed=2, threads=2)
    env.step(env.random_actions())  # the parent's pool is running
    twin = beachcomber.VectorEnv("seaside(removed=35)", 2, 64, seed=2, threads=2)
    twin.step(twin.random_actions())
    expected, *_ = twin.step(twin.random_actions())
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_child, args=(env, queue))
    child.start()
    child.join(timeout=60)
    alive = child.is_alive()
    if alive:
        child.kill()
    assert not alive, "the forked child hung"
    assert child.exitcode == 0
    assert queue.get(timeout=5) == pytest.approx(float(expected.sum()))


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (np.full(4, 2.9), "actions must be integers, not an array of float64"),
        (np.full(4, 2.0, dtype=np.float32), "actions must be integers, not an array of float32"),
        (np.full(4, 1 + 0j), "actions must be integers, not an array of complex128"),
        (np.full(4, "2"), "actions must be integers, not an array of str32"),
        (np.ones(4, dtype=bool), "actions must be integers, not an array of bool"),
        ([1, 2, 2.9, 3], "actions must be integers: game 2's is 2.9"),
        ([1, 2, "3", 4], "actions must be integers: game 2's is '3'"),
        ([True, 1, 1, 1], "actions must be integers: game 0's is True"),
        ([1, 1, 1, 1 + 0j], "actions must be integers: game 3's is (1+0j)"),
        ([1, 1, 1, "x" * 100], "actions must be integers: game 3's is '" + "x" * 39 + "..."),
        ("1234", "actions must be integers (one per game), not a str"),
    ],
)
def test_actions_that_are_not_integers_are_refused(actions, message):
    # A float is never truncated to an action (2.9 played 2), nor a string,
    # a complex number or a bool taken for one; nothing is played.
    env = beachcomber.VectorEnv("seashells(mode=stroll)", 2, 4, seed=1)
    before = [env.state(i) for i in range(4)]
    with pytest.raises(TypeError) as caught:
        env.step(actions)
    assert str(caught.value) == message
    assert [env.state(i) for i in range(4)] == before


@pytest.mark.parametrize(
    ("actions", "given"),
    [
        ([0, 0, 2**63, 0], "9223372036854775808"),
        (np.array([0, 0, 2**63, 0], dtype=np.uint64), "9223372036854775808"),
        ([0, 0, 2**64, 0], "18446744073709551616"),
        ([0, 0, -(2**70), 0], "-1180591620717411303424"),
        ([0, 0, 2**63, -1], "9223372036854775808"),
        ([0, 0, np.uint64(2**64 - 1), 0], "18446744073709551615"),
    ],
)
def test_an_action_beyond_64_bits_is_named_as_given(actions, given):
    env = beachcomber.VectorEnv("seashells(mode=stroll)", 2, 4, seed=1)
    with pytest.raises(beachcomber.IllegalActionError) as caught:
        env.step(actions)
    assert str(caught.value) == f"game 2: action {given} is not in the action space (0 to 7)"


def test_actions_of_every_integer_type_are_played_alike():
    envs = [beachcomber.VectorEnv("seashells(mode=stroll)", 2, 4, seed=1) for _ in range(8)]
    actions = envs[0].random_actions().copy()
    given = [
        actions,
        actions.astype(np.int8),
        actions.astype(np.uint8),
        actions.astype(np.int32),
        actions.astype(np.uint64),
        actions.astype(object),
        [int(a) for a in actions],
        tuple(np.int16(a) for a in actions),
    ]
    outputs = [tuple(a.copy() for a in env.step(g)) for env, g in zip(envs, given)]
    for out in outputs[1:]:
        assert all(np.array_equal(a, b) for a, b in zip(out, outputs[0]))
    with pytest.raises(beachcomber.IllegalActionError, match=r"^game 0: action -1 is not in the action space"):
        envs[0].step(np.full(4, -1, dtype=np.int8))
    with pytest.raises(ValueError, match=r"^actions must be one-dimensional \(one per game\), not of shape \[2, 2\]$"):
        envs[0].step(np.zeros((2, 2), dtype=np.int64))
