#!/usr/bin/env python3
"""A faulty engine for the CLI's fault tests: `faulty.py MODE [N]` speaks
protocol 1 correctly, then fails in MODE at its N-th decision (default 0)
counted over its whole life:

  crash    exits with status 3 (after a line on standard error)
  hang     never answers
  garbage  answers a line that is not JSON
  illegal  answers an action that is not legal
  refuse   refuses the handshake
"""

import json
import sys
import time

mode = sys.argv[1]
fail_at = int(sys.argv[2]) if len(sys.argv) > 2 else 0
decisions = 0


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        if mode == "refuse":
            send({"type": "refuse", "reason": "I only play chess"})
            sys.exit(0)
        send({"type": "hello", "name": "faulty-" + mode, "version": "0"})
    elif kind == "decide":
        if decisions == fail_at:
            if mode == "crash":
                print("faulty: crashing on purpose", file=sys.stderr, flush=True)
                sys.exit(3)
            if mode == "hang":
                time.sleep(3600)
            if mode == "garbage":
                sys.stdout.write("this is not json\n")
                sys.stdout.flush()
                continue
            if mode == "illegal":
                send({"type": "action", "action": "not-a-move"})
                continue
        decisions += 1
        send({"type": "action", "action": message["legal"][0]})
    elif kind == "quit":
        break
