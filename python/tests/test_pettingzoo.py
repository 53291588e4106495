"""The PettingZoo AEC environments: PettingZoo's own API and seed tests for
every game and several option sets, and the conventions they follow."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import beachcomber  # noqa: E402
from beachcomber.pettingzoo import seashells_v0, seaside_v0, shell_dash_v0  # noqa: E402
from helpers import derive  # noqa: E402

ENVS = [
    (seashells_v0, None, 2),
    (seashells_v0, {"mode": "stroll"}, 3),
    (seashells_v0, "scoring=advanced,bottles=plain", 5),
    (seaside_v0, None, 2),
    (seaside_v0, {"removed": 35}, 2),
    (seaside_v0, {"removed": 0}, 1),
    (seaside_v0, {"tokens": "[Beach/Wave:6;Isopod/Crab:4;Rock/Shell:4]", "removed": 2}, 4),
    (shell_dash_v0, None, 2),
    (shell_dash_v0, {"reshuffle": "empty"}, 1),
    (shell_dash_v0, {"deck": "Sand:10,Wave:4,Flip-Flop:3,Jellyfish:4,Sun:3,Shell:6", "max_turns": 40}, 2),
]
IDS = [f"{m.__name__.rsplit('.', 1)[1]}-{o}-{p}" for m, o, p in ENVS]


@pytest.mark.parametrize(("module", "options", "players"), ENVS, ids=IDS)
def test_pettingzoo_api_test_passes(module, options, players):
    with warnings.catch_warnings():
        # api_test warns that a dict observation "is not a NumPy array" for
        # every environment outside its list of PettingZoo's own.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(module.env(options=options, players=players), num_cycles=1000)


@pytest.mark.parametrize(("module", "options", "players"), ENVS, ids=IDS)
def test_pettingzoo_seed_test_passes(module, options, players):
    seed_test(lambda: module.env(options=options, players=players), num_cycles=500)


def play(env, seed, rng):
    """One random game through the AEC loop; the rewards seen at the end."""
    env.reset(seed=seed)
    final = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
        else:
            env.step(rng.choice(obs["action_mask"].nonzero()[0]))
    return final


@pytest.mark.parametrize(("module", "options", "players"), ENVS, ids=IDS)
def test_a_game_ends_for_all_with_win_shares_and_every_agent_removed(module, options, players):
    env = module.env(options=options, players=players)
    rng = random.Random(5)
    for seed in range(3):
        env.reset(seed=seed)
        last_state = None
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            assert truncated is False
            if terminated:
                assert reward == last_state.returns()[int(agent.split("_")[1])]
                assert not obs["action_mask"].any()
                env.step(None)
            else:
                assert reward == 0.0
                last_state = env.game_state()
                assert env.agent_selection == f"player_{last_state.current_player()}"
                env.step(rng.choice(obs["action_mask"].nonzero()[0]))
                last_state = env.game_state()
        assert env.agents == []
        assert last_state.is_terminal()


def test_observations_are_the_seats_tensors_and_only_the_mover_has_a_mask():
    env = seaside_v0.env(options={"removed": 35}, players=2)
    env.reset(seed=3)
    state = env.game_state()
    for seat, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert np.array_equal(obs["observation"], state.observation_tensor(seat))
        expected = state.legal_actions_mask() if seat == state.current_player() else np.zeros(61, np.int8)
        assert np.array_equal(obs["action_mask"], expected)
    assert env.observation_space("player_0") is env.observation_space("player_0")
    assert env.observation_space("player_0") is not env.observation_space("player_1")
    assert env.action_space("player_1") is env.action_space("player_1")
    assert env.action_space("player_1").n == 61


def test_reset_seeds_are_the_engines_deal_seeds():
    env = shell_dash_v0.env()
    game = beachcomber.game("shell-dash", 2)
    env.reset(seed=42)
    assert env.deal_seed == 42
    assert env.game_state() == game.new_initial_state(42)
    env.reset()
    assert env.deal_seed == derive(42, 1)
    env.reset()
    assert env.deal_seed == derive(42, 2)
    assert env.game_state() == game.new_initial_state(derive(42, 2))


def test_an_illegal_action_raises_and_changes_nothing():
    env = seashells_v0.env()
    env.reset(seed=1)
    before = env.game_state()
    agent = env.agent_selection
    with pytest.raises(beachcomber.IllegalActionError, match=r"^illegal action `0` \(legal: "):
        env.step(0)
    with pytest.raises(beachcomber.IllegalActionError, match="player_0 is to move: None is no action"):
        env.step(None)
    with pytest.raises(beachcomber.IllegalActionError, match=r"action 128 is not in the action space"):
        env.step(128)
    assert env.game_state() == before and env.agent_selection == agent
    env.step(np.int32(4))
    assert env.game_state() != before


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (True, TypeError, "an action must be an integer, not True"),
        (4.0, TypeError, "an action must be an integer, not 4.0"),
        ("4", TypeError, "an action must be an integer, not '4'"),
        (2**63, beachcomber.IllegalActionError, "action 9223372036854775808 is not in the action space (0 to 127)"),
        (-(2**64), beachcomber.IllegalActionError, "action -18446744073709551616 is not in the action space (0 to 127)"),
    ],
)
def test_a_step_that_is_no_integer_or_beyond_64_bits_is_refused_as_given(action, error, message):
    # Before: True was taken for 1 and 2**63 gave Python's OverflowError.
    env = seashells_v0.env()
    env.reset(seed=1)
    before = env.game_state()
    with pytest.raises(error) as caught:
        env.step(action)
    assert type(caught.value) is error and str(caught.value) == message
    assert env.game_state() == before


def test_a_dead_agent_steps_only_with_none_and_a_finished_env_needs_a_reset():
    env = shell_dash_v0.env(players=1)
    rng = random.Random(1)
    env.reset(seed=2)
    while not env.terminations[env.agent_selection]:
        obs, *_ = env.last()
        env.step(rng.choice(obs["action_mask"].nonzero()[0]))
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(0)
    env.step(None)
    assert env.agents == []
    with pytest.raises(RuntimeError, match=r"every agent is done: reset\(\)"):
        env.step(None)


def test_options_as_text_or_mapping_make_the_same_game():
    a = seaside_v0.env(options="removed=5,tokens=[Beach/Wave:6;Isopod/Crab:4;Rock/Shell:4]")
    b = seaside_v0.env(options={"removed": 5, "tokens": "[Beach/Wave:6;Isopod/Crab:4;Rock/Shell:4]"})
    assert a.game == b.game
    with pytest.raises(beachcomber.SpecError, match=r"^unknown option `colour` for `seashells` \(allowed: mode, scoring, bottles, compensation, start_bottles\)$"):
        seashells_v0.env(options={"colour": "blue"})
    with pytest.raises(ValueError, match="render_mode"):
        seashells_v0.env(render_mode="rgb_array")


def test_render_returns_or_prints_the_board(capsys):
    env = seaside_v0.env(render_mode="ansi")
    env.reset(seed=1)
    assert "Sea: 0" in env.render()
    human = seaside_v0.env(render_mode="human")
    human.reset(seed=1)
    obs, *_ = human.last()
    human.step(int(obs["action_mask"].nonzero()[0][0]))
    assert "Sea:" in capsys.readouterr().out
    assert env.metadata["name"] == "seaside_v0" and str(env) == "seaside_v0"


def test_rewards_add_up_over_many_games():
    env = seashells_v0.env(players=3)
    rng = random.Random(2)
    totals = np.zeros(3)
    for seed in range(30):
        final = play(env, seed, rng)
        assert sum(final.values()) == pytest.approx(1.0)
        totals += [final[a] for a in env.possible_agents]
    assert totals.sum() == pytest.approx(30.0)
