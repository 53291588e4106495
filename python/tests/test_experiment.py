"""`beachcomber.run_experiment`: an experiment file run whole as
`beachcomber run FILE.toml` runs it (the same studies call): the same
files, byte for byte, the command line's lines returned, and each figure
left a note (Python draws none)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import beachcomber

TINY = """kind = "sweep"
game = "seaside"
players = 2
bots = "random"
games = 4

[vary]
removed = [0, 5]

[[plot]]
kind = "line"
x = "removed"
y = "mean_turns"
where = { seat = 0 }
file = "turns.svg"
"""

NOT_DRAWN = (
    "plot `turns.svg`: not drawn: Python draws no figures (`beachcomber run FILE.toml "
    "--report-only` draws them from these results)"
)


def test_a_quick_experiment_writes_the_command_lines_files(cli: Path, tmp_path: Path) -> None:
    file = tmp_path / "tiny.toml"
    file.write_text(TINY)
    out = tmp_path / "py"
    ran = beachcomber.run_experiment(file, quick=True, out=out, threads=1)
    assert Path(ran["dir"]) == out
    assert ran["lines"] == [f"tiny written to {out}; its summary: {out / 'summary.md'}"]
    assert f"warning: {NOT_DRAWN}" in ran["notes"]
    assert sorted(p.name for p in out.iterdir()) == [
        "games.csv",
        "manifest.json",
        "metrics.csv",
        "summary.md",
    ]
    assert f"**Not drawn**: {NOT_DRAWN}\n" in (out / "summary.md").read_text()
    # The command line's run of the same file: the same games and metrics.
    subprocess.run(
        [str(cli), "run", str(file), "--quick", "--out", str(tmp_path / "cli"), "--quiet"],
        check=True,
        capture_output=True,
    )
    for name in ["games.csv", "metrics.csv"]:
        assert (out / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name


def test_a_refused_experiment_raises_the_command_lines_message(tmp_path: Path) -> None:
    file = tmp_path / ".toml"
    file.write_text(TINY)
    with pytest.raises(ValueError, match=r"is not a plain file name"):
        beachcomber.run_experiment(file, out=tmp_path / "out")
    with pytest.raises(ValueError, match=r"^threads: 0 is not in 1\.\.=1024 \(None: every core\)"):
        beachcomber.run_experiment(tmp_path / "tiny.toml", threads=0)
    assert not (tmp_path / "out").exists()
