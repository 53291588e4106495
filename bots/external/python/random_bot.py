#!/usr/bin/env python3
"""A uniformly random bot: any legal action, drawn with the decision's seed
(so its games are reproducible). Usage:

    beachcomber tournament --game seashells --players 2 \
        --engine 'pyrandom=python3 bots/external/python/random_bot.py' \
        --bots pyrandom,greedy --games 100
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from beachcomber_engine import Bot, run  # noqa: E402


class RandomBot(Bot):
    name = "python-random"
    version = "1.0"

    def choose(self, observation, legal, rng, message):
        return rng.choice(legal)


if __name__ == "__main__":
    run(RandomBot())
