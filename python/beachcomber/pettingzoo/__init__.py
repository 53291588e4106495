"""PettingZoo AEC environments of the three games (needs ``pettingzoo``)::

    from beachcomber.pettingzoo import seaside_v0
    env = seaside_v0.env(options={"removed": 35}, players=2)
"""

from beachcomber.pettingzoo import seashells_v0, seaside_v0, shell_dash_v0
from beachcomber.pettingzoo._env import BeachcomberEnv

__all__ = ["BeachcomberEnv", "seashells_v0", "seaside_v0", "shell_dash_v0"]
