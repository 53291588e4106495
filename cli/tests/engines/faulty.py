#!/usr/bin/env python3
"""A faulty engine for the CLI's fault tests: `faulty.py MODE [N]` speaks
protocol 1 correctly, then fails in MODE at its N-th decision (default 0)
counted over its whole life:

  crash         exits with status 3 (after a line on standard error)
  hang          never answers
  garbage       answers a line that is not JSON
  garbage-ctl   the same, with control characters in the line
  illegal       answers an action that is not legal
  duplicate     answers an object holding `action` twice (two legal actions)
  illegal-ctl   the same, the action holding a newline and control characters
  refuse        refuses the handshake
  refuse-ctl    the same, the reason holding a newline and control characters
  chatty        answers, then writes unrequested lines for 2 s (then sleeps)
  stderr-nolf   writes standard error without a newline for 2 s, then answers
  stderr-flood  writes standard error lines as fast as it can for 2 s, then
                answers
  hang-hello    never answers the hello
  fine          never fails

With FAULTY_PIDFILE set, it appends its process id to that file at start;
with FAULTY_HELPER=1 it also starts a helper process at the handshake
(`sleep 1000`, inheriting its standard input, output and error) and appends
the helper's id.
"""

import json
import os
import subprocess
import sys
import time

mode = sys.argv[1]
fail_at = int(sys.argv[2]) if len(sys.argv) > 2 else 0
decisions = 0
FLOOD_SECONDS = 2.0
pidfile = os.environ.get("FAULTY_PIDFILE")


def note_pid(pid):
    if pidfile:
        with open(pidfile, "a") as f:
            f.write(f"{pid}\n")


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def flood(stream, chunk):
    end = time.monotonic() + FLOOD_SECONDS
    while time.monotonic() < end:
        stream.write(chunk)
    stream.flush()


note_pid(os.getpid())
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        if os.environ.get("FAULTY_HELPER") == "1":
            note_pid(subprocess.Popen(["sleep", "1000"]).pid)
        if mode == "hang-hello":
            time.sleep(3600)
        if mode == "refuse":
            send({"type": "refuse", "reason": "I only play chess"})
            sys.exit(0)
        if mode == "refuse-ctl":
            send({"type": "refuse", "reason": "I only\nplay chess\r\x1b[2J"})
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
            if mode == "garbage-ctl":
                sys.stdout.write("this is\x00not json\x1b[2J\x07\n")
                sys.stdout.flush()
                continue
            if mode == "duplicate":
                legal = message["legal"]
                sys.stdout.write('{"type": "action", "action": %s, "action": %s}\n'
                                 % (json.dumps(legal[0]), json.dumps(legal[-1])))
                sys.stdout.flush()
                continue
            if mode == "illegal":
                send({"type": "action", "action": "not-a-move"})
                continue
            if mode == "illegal-ctl":
                send({"type": "action", "action": "not\na\x07move\x1b[31m"})
                continue
            if mode == "chatty":
                send({"type": "action", "action": message["legal"][0]})
                chatter = {"type": "chatter", "text": "z" * 1000}
                flood(sys.stdout, (json.dumps(chatter) + "\n") * 100)
                time.sleep(3600)
            if mode == "stderr-nolf":
                flood(sys.stderr, "x" * 65536)
            if mode == "stderr-flood":
                flood(sys.stderr, ("y" * 99 + "\n") * 1000)
        decisions += 1
        send({"type": "action", "action": message["legal"][0]})
    elif kind == "quit":
        break
