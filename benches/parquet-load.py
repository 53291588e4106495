"""Load a games table into polars from its CSV and from its Parquet file and
print the load times and sizes side by side (benches/parquet-load.sh makes
the files and the venv).

Each round loads the CSV then the Parquet file (`polars.read_csv`,
`polars.read_parquet`, all cores), after one warm-up load of each (the
files are then in the page cache: the times are parsing and decoding, not
the disk); the median of the rounds is reported. The two DataFrames must
hold the same table: the same rows, column names and values (the CSV read
with the Parquet file's types, so that `seed`, a full 64-bit unsigned
number, is not guessed as something else).
"""

import argparse
import os
import statistics
import time

import polars as pl


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("csv")
    parser.add_argument("parquet")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    schema = pl.read_parquet_schema(args.parquet)
    # The CSV writes booleans as 0 and 1: read as integers, compared as
    # booleans.
    flags = [name for name, dtype in schema.items() if dtype == pl.Boolean]
    csv_schema = {name: (pl.Int8 if name in flags else dtype) for name, dtype in schema.items()}
    loads = {
        "csv": lambda: pl.read_csv(args.csv, schema=csv_schema),
        "parquet": lambda: pl.read_parquet(args.parquet),
    }
    frames = {name: load() for name, load in loads.items()}
    as_read = frames["csv"].with_columns(pl.col(flags).cast(pl.Boolean))
    assert as_read.equals(frames["parquet"]), "the two files hold other tables"
    rows, columns = frames["parquet"].shape
    del frames

    times = {name: [] for name in loads}
    for _ in range(args.rounds):
        for name, load in loads.items():
            start = time.perf_counter()
            frame = load()
            times[name].append(time.perf_counter() - start)
            del frame

    print(f"{rows:,} rows x {columns} columns, polars {pl.__version__}, "
          f"{os.cpu_count()} cores, median of {args.rounds} loads")
    print(f"{'format':<9}{'size (MB)':>11}{'load (s)':>10}{'rows/s':>14}")
    median = {}
    for name, path in (("csv", args.csv), ("parquet", args.parquet)):
        median[name] = statistics.median(times[name])
        size = os.path.getsize(path) / 1e6
        print(f"{name:<9}{size:>11.1f}{median[name]:>10.3f}{rows / median[name]:>14,.0f}")
    size_ratio = os.path.getsize(args.csv) / os.path.getsize(args.parquet)
    speed_ratio = median["csv"] / median["parquet"]
    print(f"parquet: {speed_ratio:.1f}x faster to load, {size_ratio:.1f}x smaller "
          f"(goal: at least 5x faster, smaller)")


if __name__ == "__main__":
    main()
