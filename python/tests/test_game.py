"""Games and states in the pyspiel shape: specs, actions, play, seeds."""

from __future__ import annotations

import numpy as np
import pytest

import beachcomber
from helpers import CONFIGS, derive, random_game


@pytest.mark.parametrize(
    ("spec", "players", "message"),
    [
        ("nope", 2, "unknown game `nope` (known: seashells, seaside, shell-dash)"),
        (
            "seashells(mode=boardd)",
            2,
            "bad value `boardd` for `seashells` option `mode`: expected one of board|stroll",
        ),
        ("seashells", 6, "invalid `seashells`: seashells takes 2 to 5 players, not 6"),
        (
            "seaside(removed=99)",
            2,
            "bad value `99` for `seaside` option `removed`: expected an integer from 0 to 69 or `rulebook`",
        ),
        ("shell-dash", 3, "invalid `shell-dash`: shell-dash takes 1 to 2 players, not 3"),
    ],
)
def test_bad_specs_raise_spec_error_with_the_librarys_message(spec, players, message):
    with pytest.raises(beachcomber.SpecError) as caught:
        beachcomber.game(spec, players)
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("spec", "players", "canonical", "actions", "size"),
    [
        ("seashells", 2, "seashells(mode=board,scoring=simple,bottles=spend)", 128, 1421),
        ("seashells(mode=stroll)", 4, "seashells(mode=stroll,scoring=simple,bottles=spend)", 8, 1533),
        ("seaside(removed=35)", 2, "seaside(removed=35)", 61, 1377),
        ("seaside", 1, "seaside(removed=rulebook)", 60, 1295),
        ("shell-dash", 2, "shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14,max_turns=200,reshuffle=choice)", 7, 183),
        ("shell-dash(reshuffle=empty)", 1, "shell-dash(deck=Sand:16,Wave:10,Flip-Flop:6,Jellyfish:8,Sun:6,Shell:14,max_turns=200,reshuffle=empty)", 5, 179),
    ],
)
def test_a_configuration_has_a_fixed_action_space_and_tensor(spec, players, canonical, actions, size):
    game = beachcomber.game(spec, players)
    assert game.spec == canonical
    assert game.num_players() == players
    assert game.num_distinct_actions() == actions
    assert len(game.action_names()) == actions
    assert game.observation_tensor_size() == size
    assert game.observation_tensor_shape() == [size]
    fields = game.observation_fields()
    assert fields[0][1] == 0
    assert sum(length for _, _, length in fields) == size
    for (_, start, length), (_, after, _) in zip(fields, fields[1:]):
        assert start + length == after
    assert game == beachcomber.Game(spec, players)


def test_actions_are_indices_of_all_actions_and_round_trip_through_text():
    game = beachcomber.game("seashells", 2)
    assert game.action_to_string(0) == "0"
    assert game.action_to_string(64) == "0+b"
    assert game.string_to_action("27+b") == 91
    seaside = beachcomber.game("seaside(removed=35)", 2)
    assert seaside.action_names()[:7] == [
        "play:Isopod", "play:Shell", "play:Crab", "play:Sandpiper", "play:Beach", "play:Wave", "play:Rock",
    ]
    assert seaside.action_names()[-1] == "steal:none"
    for spec, players in CONFIGS:
        g = beachcomber.game(spec, players)
        for index, name in enumerate(g.action_names()):
            assert g.string_to_action(name) == index
    with pytest.raises(beachcomber.IllegalActionError, match="is no action of"):
        game.string_to_action("99")
    with pytest.raises(beachcomber.IllegalActionError, match=r"not in the action space \(0 to 127\)"):
        game.action_to_string(128)


@pytest.mark.parametrize(("spec", "players"), CONFIGS)
def test_random_games_end_with_win_shares(spec, players):
    for seed in range(3):
        states = random_game(spec, players, seed)
        for state in states[:-1]:
            legal = state.legal_actions()
            assert legal and 0 <= state.current_player() < players
            mask = state.legal_actions_mask()
            assert mask.dtype == np.int8
            assert list(np.flatnonzero(mask)) == sorted(legal)
            assert state.returns() == [0.0] * players
        last = states[-1]
        assert last.is_terminal()
        assert last.current_player() == beachcomber.TERMINAL_PLAYER == -4
        assert last.legal_actions() == []
        assert not last.legal_actions_mask().any()
        returns = last.returns()
        assert all(r >= 0 for r in returns)
        assert sum(returns) == pytest.approx(1.0 if players > 1 else sum(returns))
        assert len(last.scores()) == players


def test_an_illegal_action_raises_and_changes_nothing():
    state = beachcomber.game("seashells", 2).new_initial_state(1)
    before = state.clone()
    with pytest.raises(beachcomber.IllegalActionError) as caught:
        state.apply_action(0)
    assert str(caught.value) == "illegal action `0` (legal: 4 8 9 10 11 13 14 15 20 28 36 44 52 60)"
    assert state == before and state.history() == []
    with pytest.raises(beachcomber.IllegalActionError, match=r"action -1 is not in the action space \(0 to 127\)"):
        state.apply_action(-1)
    last = random_game("shell-dash", 2, 5)[-1]
    with pytest.raises(beachcomber.IllegalActionError, match="^the game is over$"):
        last.apply_action(0)


@pytest.mark.parametrize(
    ("action", "shown"),
    [(True, "True"), (False, "False"), (4.0, "4.0"), ("4", "'4'"), (None, "None"), (4 + 0j, "(4+0j)")],
)
def test_an_action_that_is_no_integer_is_refused(action, shown):
    # A bool is no action (True was taken for 1), nor a float (never
    # truncated), a string or None: TypeError, and nothing played.
    state = beachcomber.game("seashells", 2).new_initial_state(1)
    before = state.clone()
    with pytest.raises(TypeError) as caught:
        state.apply_action(action)
    assert str(caught.value) == f"an action must be an integer, not {shown}"
    assert state == before and state.history() == []


@pytest.mark.parametrize(
    ("action", "given"),
    [
        (2**63, "9223372036854775808"),
        (2**64, "18446744073709551616"),
        (-(2**70), "-1180591620717411303424"),
        (np.uint64(2**64 - 1), "18446744073709551615"),
        (2**32 + 4, "4294967300"),
    ],
)
def test_an_action_beyond_the_space_is_named_as_given(action, given):
    # Before: Python's own OverflowError for 2**63 (not IllegalActionError).
    state = beachcomber.game("seashells", 2).new_initial_state(1)
    with pytest.raises(beachcomber.IllegalActionError) as caught:
        state.apply_action(action)
    assert str(caught.value) == f"action {given} is not in the action space (0 to 127)"
    assert state.history() == []
    state.apply_action(np.int8(4))
    assert state.history() == [4]


def test_clones_are_independent_and_equal_until_played():
    state = beachcomber.game("seaside(removed=35)", 2).new_initial_state(3)
    copy = state.clone()
    assert copy == state
    copy.apply_action(copy.legal_actions()[0])
    assert copy != state
    assert state.history() == [] and len(copy.history()) == 1


def test_a_seed_deals_one_game_and_another_seed_another():
    game = beachcomber.game("seashells", 3)
    assert game.new_initial_state(11) == game.new_initial_state(11)
    assert game.new_initial_state(11) != game.new_initial_state(12)
    assert game.new_initial_state(11).seed == 11
    fresh = game.new_initial_state()
    assert fresh == game.new_initial_state(fresh.seed)


def test_deal_seed_is_the_engines_mixer():
    # Tournament game i of `--seed S` is dealt from deal_seed(S, i // games_per_deal).
    assert beachcomber.deal_seed(1, 0) == derive(1, 0)
    assert beachcomber.deal_seed(2026, 17) == derive(2026, 17)
    assert derive(1, 0) == 0x5E41AB087439611E


@pytest.mark.parametrize(("spec", "players"), CONFIGS)
def test_observations_are_dicts_and_fixed_length_tensors_in_0_1(spec, players):
    game = beachcomber.game(spec, players)
    for state in random_game(spec, players, 9)[::7]:
        for seat in range(players):
            obs = state.observation(seat)
            assert obs["seat"] == seat
            tensor = state.observation_tensor(seat)
            assert tensor.dtype == np.float32
            assert tensor.shape == (game.observation_tensor_size(),)
            assert ((tensor >= 0) & (tensor <= 1)).all()
    with pytest.raises(IndexError, match=f"seat {players} is not a seat"):
        state.observation(players)


def test_the_my_seat_field_names_the_seat():
    game = beachcomber.game("shell-dash", 2)
    state = game.new_initial_state(4)
    fields = {name: (start, length) for name, start, length in game.observation_fields()}
    start, length = fields["my_seat"]
    for seat in range(2):
        assert list(state.observation_tensor(seat)[start:start + length]) == [float(seat == 0), float(seat == 1)]


def test_pictures_show_the_state():
    state = beachcomber.game("seaside(removed=35)", 2).new_initial_state(3)
    assert "bag 34" in str(state) and "removed 35" in str(state)
    # A seat's picture does not show the bag's order.
    assert "bag, next first" in state.describe() and "next first" not in state.describe(0)
