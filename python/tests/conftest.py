"""Fixtures: the command line's binary, to compare runs from Python with
the files it writes."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli() -> Path:
    """The `beachcomber` binary: `$BEACHCOMBER` when set, else built here
    with cargo (the test suite's `ci` profile, into `$CARGO_TARGET_DIR` or
    the repository's `target/`: after `.ci/run`'s test command, already
    built)."""
    given = os.environ.get("BEACHCOMBER")
    if given:
        return Path(given)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    if not target.is_absolute():
        target = ROOT / target
    subprocess.run(
        ["cargo", "build", "--profile", "ci", "-p", "beachcomber-cli", "--bin", "beachcomber", "--quiet"],
        cwd=ROOT,
        env={**os.environ, "CARGO_TARGET_DIR": str(target)},
        check=True,
    )
    return target / "ci" / "beachcomber"
