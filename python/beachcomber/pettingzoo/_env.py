"""The AEC environment class of the three games (``BeachcomberEnv``).

A thin class: the bookkeeping of ``reset``, ``step``, ``last`` and
``observe`` is done in Rust (``beachcomber._native.AecCore``) on this
object's own ``agents`` list and ``rewards``, ``_cumulative_rewards``,
``terminations``, ``truncations`` and ``infos`` dicts, which keep their
identity for the environment's life (each reset clears and refills them).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any, SupportsIndex

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from beachcomber._native import AecCore, Game, State, game


def spec_of(name: str, options: Mapping[str, Any] | str | None) -> str:
    """The game spec of ``name`` with ``options``: a mapping of option to
    value (``{"removed": 35}``) or the text between the spec's parentheses
    (``"removed=35"``)."""
    if options is None:
        return name
    if isinstance(options, str):
        body = options.strip()
    elif isinstance(options, Mapping):
        body = ",".join(f"{key}={value}" for key, value in options.items())
    else:
        raise TypeError(
            f"options must be a mapping or a string, not {type(options).__name__}"
        )
    return f"{name}({body})" if body else name


class BeachcomberEnv(AECEnv):  # type: ignore[misc]
    """A game of beachcomber as a PettingZoo AEC environment, with the
    conventions of PettingZoo's classic environments.

    Agents ``player_0`` ... ``player_{n-1}`` are the seats in turn order.
    Observations are dicts of ``observation`` (the seat's observation
    tensor: ``float32``, entries in [0, 1], docs/python.md) and
    ``action_mask`` (``int8`` over the action space: the legal actions of
    the agent to move, zeros for the others). Actions are indices of the
    game's fixed action space (``Discrete``). The game ends for every agent
    at once (termination; never truncation): each agent's reward is then
    its win share (1 for a sole winner, 1/k for each of k tied winners, 0
    for the others). An illegal action raises
    ``beachcomber.IllegalActionError`` and changes nothing.

    ``reset(seed=s)`` deals the game ``beachcomber.game(...).new_initial_state(s)``
    deals; a reset without a seed deals from ``derive(s, k)`` for the
    ``k``-th reset since (a random base until a seed is given).
    """

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "beachcomber",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_name: str,
        options: Mapping[str, Any] | str | None = None,
        players: int = 2,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        self.render_mode = render_mode
        self.game: Game = game(spec_of(game_name, options), players)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = self.game.observation_tensor_size()
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(actions) for agent in self.possible_agents
        }
        core = AecCore(self.game, self.possible_agents, secrets.randbits(64))
        self._core = core
        self.agents = core.agents
        self.rewards = core.rewards
        self._cumulative_rewards = core.cumulative_rewards
        self.terminations = core.terminations
        self.truncations = core.truncations
        self.infos = core.infos
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's observation space (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's action space (the same object every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (from ``seed`` when given). ``options`` is
        accepted for the API and ignored: game options are fixed when the
        environment is made (``env(options=...)``)."""
        self.agent_selection = self._core.reset(None if seed is None else int(seed))

    def step(self, action: SupportsIndex | None) -> None:
        """Play ``action`` for ``agent_selection`` (``None`` for a terminated
        agent, which is then removed)."""
        self.agent_selection = self._core.step(action)
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``(observation, cumulative reward, terminated, truncated, info)``
        of ``agent_selection``."""
        return self._core.last(observe)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation dict (fresh arrays every call)."""
        return self._core.observe(agent)

    def render(self) -> str | None:
        """The board as text, everything shown: returned in ``ansi`` mode,
        printed in ``human`` mode."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() called without a render_mode (env(render_mode='ansi') or 'human')"
            )
            return None
        picture = self._core.picture()
        if self.render_mode == "human":
            print(picture)
            return None
        return picture

    def close(self) -> None:
        """Nothing to release."""

    @property
    def deal_seed(self) -> int:
        """The deal seed of the game in play."""
        return self._core.seed

    def game_state(self) -> State:
        """The game in play as a ``beachcomber.State`` (a copy)."""
        return self._core.state()
