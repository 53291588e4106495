#!/bin/sh
# A wrapper script around the faulty engine that starts it as its child
# (no exec), as a wrapper around a real bot may: killing only the shell
# would leave the engine running.
python3 "$(dirname "$0")/faulty.py" "$@"
status=$?
exit $status
