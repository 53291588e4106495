#!/usr/bin/env bash
# The Python package's tests (a step of .ci/run): make a FRESH venv in a
# temporary folder, run README.md's two commands in it (`pip install
# ./python pandas`: pip fetches maturin, the build backend, and builds the
# extension with cargo; then the example), install `pytest pettingzoo numpy
# polars tqdm`, run the pytest suite of python/tests, and remove the venv, pass or
# fail. Prints how long the install took. The type stubs are checked against
# the built module (mypy's stubtest) and the package's Python files with
# `mypy --strict`. The Rust build goes to
# $CARGO_TARGET_DIR/python (default target/python), so a second run
# reuses it; nothing is written into python/. The runs' tests compare with
# the command line's files: they use $BEACHCOMBER, else build the binary
# with the test suite's profile into $CARGO_TARGET_DIR (default target/:
# after .ci/run's test command, built already).
#
#   python/ci.sh              # from anywhere in the repository
#   python/ci.sh -k records   # extra arguments go to pytest
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TARGET=$(mkdir -p "${CARGO_TARGET_DIR:-target}" && cd "${CARGO_TARGET_DIR:-target}" && pwd)

if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    [[ $(id -u) -eq 0 ]] || { echo "needed: python3-venv: run as root, or apt-get install python3-venv" >&2; exit 1; }
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
fi

VENV=$(mktemp -d "${TMPDIR:-/tmp}/beachcomber-python-ci.XXXXXX")
trap 'rm -rf "$VENV"' EXIT
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
# README.md's two commands first, as a new user types them (nothing else
# installed yet): the install, timed, then the example.
start=$(date +%s)
CARGO_TARGET_DIR="$TARGET/python" "$VENV/bin/python" -m pip install --quiet "$ROOT/python" pandas
echo "pip install ./python pandas: $(( $(date +%s) - start )) s"
(cd "$ROOT" && "$VENV/bin/python" python/examples/first_run.py >/dev/null)
echo "python3 python/examples/first_run.py: ran"
"$VENV/bin/python" -m pip install --quiet pytest pettingzoo numpy polars tqdm
"$VENV/bin/python" -m pip install --quiet mypy
(cd "$VENV" && "$VENV/bin/python" -m mypy.stubtest beachcomber._native)
(cd "$VENV" && "$VENV/bin/python" -m mypy --strict "$ROOT/python/beachcomber")
# From the repository's root, where no `beachcomber` folder shadows the
# installed package; pytest's exit status is this script's.
CARGO_TARGET_DIR="$TARGET" PYTHONDONTWRITEBYTECODE=1 "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/python/tests" "$@"
