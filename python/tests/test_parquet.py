"""The games table as Parquet from Python: ``Tables.write_parquet`` writes
the command line's ``--out NAME.parquet`` bytes for the same run, and the
file read back by polars holds the DataFrame's every value."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import beachcomber

# The command line's run writing Parquet, the same run from Python, and
# the Parquet file the command line writes.
CASES = [
    (
        "tournament --game seaside --players 2 --bots 'greedy(worlds=2),random' --games 40 --seed 3 "
        "--quality --out games.parquet",
        lambda **kw: beachcomber.tournament(
            "seaside", 2, "greedy(worlds=2),random", games=40, seed=3, quality=True, **kw
        ),
        "games.parquet",
    ),
    (
        "sweep --game seaside --players 2,3 --vary removed=0,10 --bots random --bots 'greedy(worlds=2),random' "
        "--deals 3 --seed 11 --out sweep --format parquet",
        lambda **kw: beachcomber.sweep(
            "seaside", [2, 3], {"removed": [0, 10]}, ["random", "greedy(worlds=2),random"],
            deals=3, seed=11, **kw
        ),
        "sweep/games.parquet",
    ),
    (
        "league --game shell-dash --players 2 --bots 'random,greedy(worlds=2)' --games-per-pairing 6 "
        "--seed 2 --resamples 100 --out games.parquet",
        lambda **kw: beachcomber.league(
            "shell-dash", 2, "random,greedy(worlds=2)", games_per_pairing=6, seed=2, resamples=100, **kw
        ),
        "games.parquet",
    ),
]


@pytest.mark.parametrize(("line", "run", "file"), CASES, ids=["tournament", "sweep", "league"])
def test_write_parquet_is_the_command_lines_file_and_reads_back(cli, tmp_path, line, run, file):
    subprocess.run([str(cli), *shlex.split(line), "--quiet"], cwd=tmp_path, check=True)
    want = (tmp_path / file).read_bytes()
    assert want[:4] == b"PAR1"
    tables = run(threads=2, progress=False, frame="polars")
    assert tables.parquet_bytes() == want
    tables.write_parquet(tmp_path / "written.parquet")
    assert (tmp_path / "written.parquet").read_bytes() == want
    assert run(threads=1, progress=False, frame="polars").parquet_bytes() == want

    # Read back: the same columns in the same order, every value the
    # DataFrame's (made from the CSV), with the Parquet file's own types.
    back = pl.read_parquet(tmp_path / "written.parquet")
    frame = tables.games
    assert back.columns == frame.columns
    assert back.schema["game"] == pl.UInt64 and back.schema["seat"] == pl.UInt64
    assert back.schema["score"] == pl.Int64 and back.schema["win_share"] == pl.Float64
    assert back.schema["won"] == pl.Boolean and back.schema["bot"] == pl.String
    assert_frame_equal(back.cast(frame.schema), frame)


def test_the_value_columns_of_a_sweep_are_typed_as_the_command_line_types_them(tmp_path):
    tables = beachcomber.sweep(
        "seaside", 2, {"removed": [0, 10]}, ["random", "greedy(worlds=2),random"], deals=2,
        progress=False, frame="polars",
    )
    tables.write_parquet(tmp_path / "g.parquet")
    schema = pl.read_parquet_schema(tmp_path / "g.parquet")
    # An integer setting is INT64, a lineup text.
    assert schema["removed"] == pl.Int64 and schema["lineup"] == pl.String


def test_a_run_without_a_games_table_has_no_parquet(tmp_path):
    tables = beachcomber.tournament("shell-dash", 2, games=4, rows=False, progress=False)
    with pytest.raises(KeyError, match="'games': this tournament made summary"):
        tables.write_parquet(tmp_path / "g.parquet")
    assert not (tmp_path / "g.parquet").exists()
