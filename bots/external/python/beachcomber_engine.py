"""The beachcomber engine protocol (protocol 1, docs/protocol.md) for Python bots.

Standard library only. Subclass `Bot`, override `choose` (and, if you like,
`new_game`, `game_over`, `accept`), and call `run(MyBot())`:

    from beachcomber_engine import Bot, run

    class FirstBot(Bot):
        name = "first"
        version = "1.0"

        def choose(self, observation, legal, rng, message):
            return legal[0]

    if __name__ == "__main__":
        run(FirstBot())

The runner writes one JSON object per line to the bot's standard input and
reads one per line from its standard output; standard error is the bot's
log (the runner copies it into its engine log file), so print debugging
goes to `sys.stderr` (or use `log()`), never to standard output.
"""

import json
import random
import sys

PROTOCOL = 1


def log(*args):
    """Print a line to the bot's log (standard error)."""
    print(*args, file=sys.stderr, flush=True)


class Bot:
    """A bot: `choose` must return one of the `legal` action texts."""

    #: The name and version the bot declares in its handshake.
    name = "python-bot"
    version = "0.1"

    def accept(self, hello):
        """Called with the runner's hello; return None to accept, or a
        reason (a string) to refuse the handshake."""
        if hello.get("protocol") != PROTOCOL:
            return "this bot speaks protocol %d, not %r" % (PROTOCOL, hello.get("protocol"))
        return None

    def new_game(self, message):
        """A game starts: `message` has `game` (name), `spec` (canonical
        spec), `options` (object), `players` and `seat` (this bot's seat).
        Reset any per-game state here: the process is reused across games."""

    def choose(self, observation, legal, rng, message):
        """Return the action (one of the strings in `legal`) for this
        decision. `observation` is what the seat may see (docs/protocol.md);
        `rng` is a `random.Random` seeded from the decision's seed, so the
        bot stays reproducible if it uses no other randomness; `message` is
        the whole `decide` message."""
        raise NotImplementedError

    def game_over(self, message):
        """The game is over: `message` has `scores`, `winners` and the
        final `observation`. No answer is expected."""


def run(bot, stdin=None, stdout=None):
    """The protocol loop: read messages until `quit` or end of input."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout

    def send(message):
        stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
        stdout.flush()

    game = None
    for line in stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            reason = bot.accept(message)
            if reason is not None:
                send({"type": "refuse", "reason": str(reason)})
                return
            send({"type": "hello", "name": bot.name, "version": bot.version,
                  "protocol": PROTOCOL})
        elif kind == "new_game":
            game = message
            bot.new_game(message)
        elif kind == "decide":
            rng = random.Random(message["seed"])
            action = bot.choose(message["observation"], message["legal"], rng, message)
            send({"type": "action", "action": action})
        elif kind == "game_over":
            bot.game_over(message)
        elif kind == "quit":
            return
        else:
            log("unknown message type %r ignored (game %r)" % (kind, game and game.get("game")))
