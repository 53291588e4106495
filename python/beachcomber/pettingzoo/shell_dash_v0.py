"""Shell Dash as a PettingZoo AEC environment: ``env(options=..., players=2, render_mode=None)``.

``options`` takes any option of the ``shell-dash`` spec (docs/python.md), as a
mapping (``{"key": value}``) or as the spec's text between parentheses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from beachcomber.pettingzoo._env import BeachcomberEnv


def env(
    options: Mapping[str, Any] | str | None = None,
    players: int = 2,
    render_mode: str | None = None,
) -> BeachcomberEnv:
    """A Shell Dash environment for ``players`` players."""
    made = BeachcomberEnv("shell-dash", options, players, render_mode)
    made.metadata = {**made.metadata, "name": "shell_dash_v0"}
    return made


raw_env = env
