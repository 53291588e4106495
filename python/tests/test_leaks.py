"""Observations leak nothing: a state and a world sampled for a seat (the
same for that seat, everything hidden from it re-dealt) give that seat the
same observation dict and tensor, at every ply and for every seat."""

from __future__ import annotations

import numpy as np
import pytest

from helpers import CONFIGS, random_game


@pytest.mark.parametrize(("spec", "players"), CONFIGS)
def test_a_sampled_world_looks_the_same_to_its_seat(spec, players):
    redealt = 0
    checked = 0
    for game in range(2):
        for ply, state in enumerate(random_game(spec, players, 100 + game)):
            for seat in range(players):
                obs = state.observation(seat)
                tensor = state.observation_tensor(seat)
                for k in range(2):
                    world = state.sample_world(seat, 1000 * ply + 10 * seat + k)
                    assert world.observation(seat) == obs
                    assert np.array_equal(world.observation_tensor(seat), tensor)
                    if world.current_player() == seat:
                        assert world.legal_actions() == state.legal_actions()
                    redealt += world != state
                    checked += 1
    # The worlds really differ from the state in what is hidden: the test
    # compares states that differ.
    assert redealt > checked // 2


def test_what_one_seat_keeps_hidden_shows_in_its_own_view_only():
    # Seashells at 2 players: seat 0's world re-deals seat 1's cards, which
    # seat 1 sees in its own observation.
    (state, *_) = random_game("seashells", 2, 3)
    world = state.sample_world(0, 7)
    assert world.observation(1)["my_cards"] != state.observation(1)["my_cards"]
    assert world.observation(0) == state.observation(0)
    assert not np.array_equal(world.observation_tensor(1), state.observation_tensor(1))


def test_a_sampled_world_has_no_history():
    import beachcomber

    state = beachcomber.game("shell-dash", 2).new_initial_state(1)
    world = state.sample_world(0, 2)
    assert world.seed is None
    with pytest.raises(beachcomber.RecordError, match="a sampled world has no history"):
        world.history()
    with pytest.raises(beachcomber.RecordError, match="a sampled world has no record"):
        world.to_record()
