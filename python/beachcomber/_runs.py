"""Runs from Python: ``tournament``, ``league`` and ``sweep`` returning the
tables the command line writes, and Python callables seated in them.

The run is the run store's (``beachcomber_store::memory``, called by the
native ``run_tournament``, ``run_league``, ``run_sweep``): the same engine,
seeds and formatting as ``beachcomber tournament``, ``league`` and
``sweep``, into memory instead of files. Each table comes back as the exact
bytes the command line writes into its file (``Tables.csv``,
``Tables.write_csv``), and as a DataFrame read from those bytes.

Why CSV bytes into ``pandas.read_csv``/``polars.read_csv`` rather than
Arrow arrays built in Rust: the bytes are the one thing the store makes
(the command line's files are them), so the DataFrame cannot differ from
the file by a formatting or typing rule kept twice; reading them costs
about what writing them did; and the package needs neither the ``arrow``
crates (minutes of build) nor pyarrow. The dtypes are never pandas' or
polars' guesses: each column's type is read from its cells in Rust
(``_native.csv_columns``: int, uint for the seeds, float, bool, str; an
empty cell of a numeric column is missing) and handed to the reader
explicitly; ``seat`` is declared, not read: a nullable integer in every
table of every run, ``all`` (a row over every seat) missing. The games
table's columns are typed by the run's plan (the schema its Parquet file
has): a varied setting written as text stays text whatever its cells look
like.
"""

from __future__ import annotations

import importlib
import inspect
import io
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Union

from beachcomber import _native
from beachcomber._native import Bot, State

__all__ = ["Policy", "Tables", "league", "policy", "sweep", "tournament"]


class Policy:
    """A Python callable to seat in a run: ``fn(state) -> action`` (an
    index of the game's action space), or with ``seeded=True``
    ``fn(state, seed)``, ``seed`` drawn from the generator the runner seeds
    for the decision (so a random policy is reproducible).

    ``name`` names it in the lineup and in the tables (the bot
    ``engine(name=NAME)``, a bot the library does not hold); default: the
    callable's ``__name__``. ``time_limit`` (seconds, 0.001 to 86400;
    default ``None``, no limit) is its time for each decision: past it the
    game is forfeited (``end`` ``forfeit:SEAT``) and the call is sent a
    ``TimeoutError``, as an engine past ``--engine-timeout`` is with
    ``--on-engine-error forfeit``."""

    __slots__ = ("fn", "name", "seeded", "time_limit")

    def __init__(
        self,
        fn: Callable[..., Any],
        name: str | None = None,
        seeded: bool = False,
        time_limit: float | None = None,
    ) -> None:
        if not callable(fn):
            raise TypeError(f"a policy must be callable, not {type(fn).__name__}")
        if name is None:
            name = getattr(fn, "__name__", None) or type(fn).__name__
        if time_limit is not None:
            if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
                kind = type(time_limit).__name__
                raise TypeError(f"time_limit must be a number of seconds or None, not {kind}")
            time_limit = _native.check_time_limit(float(time_limit))
        self.fn = fn
        self.name: str = name
        self.seeded = bool(seeded)
        self.time_limit: float | None = time_limit

    @property
    def spec(self) -> str:
        """The bot spec the tables and records write: ``engine(name=NAME)``."""
        return f"engine(name={self.name})"

    def __call__(self, state: State, *seed: int) -> Any:
        return self.fn(state, *seed)

    def __repr__(self) -> str:
        limit = "" if self.time_limit is None else f", time_limit={self.time_limit}"
        return f"beachcomber.policy({self.fn!r}, name={self.name!r}, seeded={self.seeded}{limit})"


def policy(
    fn: Callable[..., Any], name: str | None = None, seeded: bool = False, time_limit: float | None = None
) -> Policy:
    """``fn`` as a policy to seat in a run, named ``name``, with at most
    ``time_limit`` seconds a decision (see ``Policy``)."""
    return Policy(fn, name=name, seeded=seeded, time_limit=time_limit)


Seat = Union[str, Bot, Policy, Callable[[State], Any]]
"""A seat of a lineup: a bot spec, a ``Bot``, a ``Policy`` or a callable."""


class _Seats:
    """The Python callables of a run's lineups, by name."""

    def __init__(self) -> None:
        self.policies: dict[str, list[Policy]] = {}

    def text(self, seat: Seat) -> str:
        """The seat as lineup text (a callable by its name)."""
        if isinstance(seat, str):
            return seat
        if isinstance(seat, Bot):
            return seat.spec
        wrapped = seat if isinstance(seat, Policy) else Policy(seat)
        known = self.policies.setdefault(wrapped.name, [])
        same = (wrapped.fn, wrapped.seeded, wrapped.time_limit)
        if not any((p.fn, p.seeded, p.time_limit) == same for p in known):
            known.append(wrapped)
        return wrapped.name

    def lineup(self, bots: str | Seat | Sequence[Seat]) -> str:
        """One lineup as text: specs separated by commas."""
        if isinstance(bots, (str, Bot, Policy)) or callable(bots):
            return self.text(bots)
        return ",".join(self.text(seat) for seat in bots)

    def native(self) -> list[tuple[str, Callable[..., Any], bool, float | None]]:
        """``(name, callable, seeded, time_limit)`` of each (two of one
        name are refused by the native side)."""
        return [(p.name, p.fn, p.seeded, p.time_limit) for ps in self.policies.values() for p in ps]


class Tables(Mapping[str, Any]):
    """The tables of a run, by name, as DataFrames (pandas, or polars with
    ``frame="polars"``), each read from the exact bytes the command line
    writes into its file:

    - ``tournament``: ``games`` (``--out``), ``summary`` (``--summary``);
    - ``league``: ``games``, ``ratings`` (``--summary``), ``pairs``
      (``NAME.pairs.csv``);
    - ``sweep``: ``games``, ``metrics``, and with a baseline ``compare``
      (and ``trends`` when the sweep has a trend).

    ``tables["games"]`` or ``tables.games``; ``csv(name)`` is the file's
    text, ``write_csv(name, path)`` writes it; ``write_parquet(path)``
    writes the games table as the command line's ``--out NAME.parquet``.
    ``played`` is the games played, ``stopped`` whether the sequential test stopped the run,
    ``seconds`` how long it took, ``records`` the games' records (one JSON
    line each, with ``records=True``), ``notes`` the run's notes.
    """

    def __init__(self, kind: str, raw: Mapping[str, Any], frame: str) -> None:
        self.kind = kind
        self._bytes: dict[str, bytes] = dict(raw["tables"])
        self._frames: dict[str, Any] = {}
        self._frame = frame
        self._layout: _native.GamesLayout = raw["games_layout"]
        self.played: int = raw["games"]
        self.stopped: bool = raw["stopped"]
        self.seconds: float = raw["seconds"]
        self.notes: list[str] = list(raw["notes"])
        records = raw["records"]
        self.records: list[str] | None = (
            None if records is None else records.decode().splitlines()
        )

    def __getitem__(self, name: str) -> Any:
        if name not in self._frames:
            layout = self._layout if name == "games" else None
            self._frames[name] = read_frame(self.csv_bytes(name), self._frame, layout)
        return self._frames[name]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError:
            raise AttributeError(
                f"{name!r}: this {self.kind} made {', '.join(self._bytes)}"
            ) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._bytes)

    def __len__(self) -> int:
        return len(self._bytes)

    def csv(self, name: str) -> str:
        """Table ``name`` as CSV text: the bytes of the command line's file."""
        return self.csv_bytes(name).decode()

    def csv_bytes(self, name: str) -> bytes:
        """Table ``name``'s CSV bytes."""
        if name not in self._bytes:
            raise KeyError(f"{name!r}: this {self.kind} made {', '.join(self._bytes)}")
        return self._bytes[name]

    def write_csv(self, name: str, path: str | os.PathLike[str]) -> None:
        """Write table ``name`` to ``path``: the bytes the command line
        writes for the same run."""
        data = self.csv_bytes(name)
        with open(path, "wb") as out:
            out.write(data)

    def parquet_bytes(self) -> bytes:
        """The games table as Parquet: the bytes the command line writes
        for ``--out NAME.parquet`` (a sweep's ``--format parquet``), typed
        as docs/tournaments.md says (counts ``UInt64``, ``won`` boolean,
        ``win_share`` double)."""
        return _native.games_parquet(self._layout, self.csv_bytes("games"))

    def write_parquet(self, path: str | os.PathLike[str]) -> None:
        """Write the games table to ``path`` as Parquet: the bytes the
        command line writes for the same run with ``--out path``."""
        data = self.parquet_bytes()
        with open(path, "wb") as out:
            out.write(data)

    def __repr__(self) -> str:
        return (
            f"<beachcomber.Tables of a {self.kind}: {', '.join(self._bytes)}; "
            f"{self.played} games in {self.seconds:.2f} s>"
        )


def _module(name: str, frame: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        raise ImportError(
            f"frame={frame!r} needs {name}: pip install {name}"
            + (" (or frame='polars')" if name == "pandas" else "")
        ) from None


def read_frame(data: bytes, frame: str, layout: _native.GamesLayout | None = None) -> Any:
    """CSV bytes as a DataFrame of ``frame``'s library, every column of
    the type ``layout``'s schema gives it (a games table's), else of the
    type its cells have (``_native.csv_columns``)."""
    columns = _native.csv_columns(data, layout)
    if frame == "pandas":
        pd = _module("pandas", frame)
        dtypes: dict[str, Any] = {}
        empty_is_missing: dict[str, list[str]] = {}
        bools = []
        for name, kind, empty, missing in columns:
            if kind == "int":
                dtypes[name] = "Int64" if empty else "int64"
            elif kind == "uint":
                dtypes[name] = "UInt64" if empty else "uint64"
            elif kind == "float":
                dtypes[name] = "float64"
            else:
                dtypes[name] = str
                if kind == "bool":
                    bools.append((name, empty))
            if kind in ("int", "uint"):
                empty_is_missing[name] = [""] + ([missing] if missing else [])
            elif kind == "float":
                empty_is_missing[name] = ["", "nan", "NaN"]
        df = pd.read_csv(
            io.BytesIO(data),
            dtype=dtypes,
            keep_default_na=False,
            na_values=empty_is_missing,
        )
        for name, empty in bools:
            values = df[name].map({"true": True, "false": False, "": None})
            df[name] = values.astype("boolean" if empty else "bool")
        return df
    if frame == "polars":
        pl = _module("polars", frame)
        types = {"int": pl.Int64, "uint": pl.UInt64, "float": pl.Float64, "bool": pl.Boolean}
        schema = {name: types.get(kind, pl.String) for name, kind, _, _ in columns}
        # A declared column's missing text (`seat`'s `all`) is null.
        nulls = {name: missing for name, _, _, missing in columns if missing}
        # An empty cell of a text column is the empty text (polars 2's
        # keyword, polars 1's before it); of any other column, missing.
        keywords = inspect.signature(pl.read_csv).parameters
        empty_text = (
            {"empty_string_is_null": False}
            if "empty_string_is_null" in keywords
            else {"missing_utf8_is_empty_string": True}
        )
        return pl.read_csv(io.BytesIO(data), schema=schema, null_values=nulls or None, **empty_text)
    raise ValueError(f"frame must be 'pandas' or 'polars', not {frame!r}")


def _progress(progress: Any, kind: str) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    """The native side's ``progress(done, total)`` and what closes it:
    ``progress`` itself when callable, a tqdm bar when True and tqdm is
    importable, else nothing."""
    if callable(progress):
        return progress, lambda: None
    if progress is not True:
        return None, lambda: None
    try:
        tqdm = importlib.import_module("tqdm.auto").tqdm
    except ImportError:
        return None, lambda: None
    bars: list[Any] = []

    def update(done: int, total: int) -> None:
        if not bars:
            try:
                bars.append(tqdm(total=total, unit="game", desc=kind, delay=0.5))
            except TypeError:  # a tqdm without `delay`
                bars.append(tqdm(total=total, unit="game", desc=kind))
        bar = bars[0]
        bar.total = total
        bar.update(done - bar.n)

    def close() -> None:
        if bars:
            bars[0].close()

    return update, close


def _run(kind: str, frame: str, progress: Any, call: Callable[[Any], Mapping[str, Any]]) -> Tables:
    if frame not in ("pandas", "polars"):
        raise ValueError(f"frame must be 'pandas' or 'polars', not {frame!r}")
    _module(frame, frame)  # before the games, not after them
    update, close = _progress(progress, kind)
    try:
        raw = call(update)
    finally:
        close()
    tables = Tables(kind, raw, frame)
    if tables.notes:
        import warnings

        for note in tables.notes:
            warnings.warn(note, stacklevel=3)
    return tables


Lineup = Union[str, Seat, Sequence[Seat]]


def tournament(
    game: str,
    players: int,
    bots: Lineup = _native.DEFAULT_BOTS,
    *,
    games: int | None = None,
    deals: int | None = None,
    rotate: bool = True,
    quality: bool = False,
    seed: int = _native.DEFAULT_SEED,
    sprt: str | None = None,
    threads: int | None = None,
    rows: bool = True,
    records: bool = False,
    progress: bool | Callable[[int, int], Any] = True,
    frame: str = "pandas",
) -> Tables:
    """Many games between bots, as ``beachcomber tournament`` plays them:
    the same games, seeds and tables for the same arguments (its flags,
    ``--no-rotate`` as ``rotate=False``).

    ``bots``: one lineup (a spec for every seat, or one per seat), as text
    (``"ismcts,greedy"``) or a list of seats, each a bot spec, a ``Bot``, a
    ``Policy`` or a Python callable ``fn(state) -> action`` (played
    in-process, see docs/python.md). ``games`` or ``deals`` (default
    ``DEFAULT_GAMES`` games, rounded up to whole deals); ``sprt``: ``"elo0=0,elo1=20"`` stops
    at the sequential test's decision; ``threads``: workers (default every
    core; the tables do not depend on it); ``rows=False`` makes no
    ``games`` table (as without ``--out``); ``records=True`` keeps every
    game's record line (``Tables.records``); ``progress``: a tqdm bar when
    tqdm is importable (True), nothing (False), or a callable
    ``progress(done, total)``.

    Returns the ``games`` and ``summary`` tables (``Tables``). Bad
    arguments raise ``SpecError`` with the library's one-line message.
    """
    seats = _Seats()
    text = seats.lineup(bots)
    return _run(
        "tournament",
        frame,
        progress,
        lambda update: _native.run_tournament(
            game, players, text, games, deals, seed, rotate, quality, sprt, threads,
            rows, records, seats.native(), update,
        ),
    )


def league(
    game: str,
    players: int,
    bots: Lineup,
    *,
    games_per_pairing: int = _native.DEFAULT_GAMES_PER_PAIRING,
    seed: int = _native.DEFAULT_SEED,
    anchor: str | Seat | None = None,
    resamples: int = _native.DEFAULT_RESAMPLES,
    threads: int | None = None,
    rows: bool = True,
    records: bool = False,
    progress: bool | Callable[[int, int], Any] = True,
    frame: str = "pandas",
) -> Tables:
    """A round robin between bots rated with Bradley-Terry on the Elo
    scale, as ``beachcomber league`` plays it (the same games and tables).

    ``bots``: two or more distinct bots (text, or a list of specs,
    ``Bot``s, ``Policy``s and callables); ``anchor``: the bot rated 0
    (default the first); the rest as ``tournament``.

    Returns the ``games``, ``ratings`` and ``pairs`` tables (``Tables``).
    """
    seats = _Seats()
    text = seats.lineup(bots)
    anchor_text = None if anchor is None else seats.text(anchor)
    return _run(
        "league",
        frame,
        progress,
        lambda update: _native.run_league(
            game, players, text, games_per_pairing, seed, anchor_text, resamples,
            threads, rows, records, seats.native(), update,
        ),
    )


def _items(given: Any, what: str) -> list[str]:
    """A string, or a sequence of strings, as a list."""
    if given is None:
        return []
    if isinstance(given, str):
        return [given]
    if isinstance(given, Sequence):
        return [str(item) for item in given]
    raise TypeError(f"{what} must be a string or a list of strings, not {type(given).__name__}")


def _values(values: Any) -> str:
    if isinstance(values, str):
        return values
    if isinstance(values, range) and values.step > 0 and len(values) > 0:
        return f"{values.start}..={values[-1]}" + (f":{values.step}" if values.step != 1 else "")
    if isinstance(values, Sequence):
        return ",".join(str(v) for v in values)
    return str(values)


def sweep(
    game: str,
    players: int | str | Sequence[int],
    vary: str | Sequence[str] | Mapping[str, Any] = (),
    bots: Lineup | Sequence[Lineup] | None = None,
    *,
    games: int | None = None,
    deals: int | None = None,
    rotate: bool = True,
    quality: bool = False,
    seed: int = _native.DEFAULT_SEED,
    baseline: str | Mapping[str, Any] | None = None,
    margin: str | Sequence[str] | Mapping[str, Any] = (),
    trend: str | Sequence[str] = (),
    seats: str | None = None,
    max_combinations: int = _native.DEFAULT_MAX_COMBINATIONS,
    force: bool = False,
    threads: int | None = None,
    records: bool = False,
    progress: bool | Callable[[int, int], Any] = True,
    frame: str = "pandas",
) -> Tables:
    """Every combination of game options, player counts and lineups, as
    ``beachcomber sweep`` plays it (the same games and tables).

    ``players``: ``2``, ``[2, 3]`` or ``"2..=5"``; ``vary``: ``KEY=VALUES``
    texts (``"removed=0..=50:5"``) or a mapping (``{"removed": range(0,
    51, 5)}``, ``{"scoring": ["simple", "advanced"]}``); ``bots``: the
    lineups, each a text or a list of seats (one lineup given alone is
    one lineup; default ``DEFAULT_BOTS``); ``baseline``, ``margin``, ``trend``
    and ``seats`` as ``--baseline``, ``--margin``, ``--trend`` and
    ``--seats`` (a mapping ``{"removed": 0}`` for the baseline, ``{"seat_ratio":
    0.05}`` for margins); the rest as ``tournament``.

    Returns the ``games`` and ``metrics`` tables, and ``compare`` (and
    ``trends``) with a baseline (``Tables``).
    """
    if isinstance(players, int):
        players_text = str(players)
    elif isinstance(players, str):
        players_text = players
    else:
        players_text = _values(list(players))
    if isinstance(vary, Mapping):
        vary_texts = [f"{key}={_values(values)}" for key, values in vary.items()]
    else:
        vary_texts = _items(vary, "vary")
    if isinstance(baseline, Mapping):
        baseline = ",".join(f"{key}={value}" for key, value in baseline.items())
    if isinstance(margin, Mapping):
        margins = [f"{key}={value}" for key, value in margin.items()]
    else:
        margins = _items(margin, "margin")
    trends = _items(trend, "trend")
    seated = _Seats()
    if bots is None:
        lineups: list[str] = []
    elif isinstance(bots, (str, Bot, Policy)) or callable(bots):
        lineups = [seated.lineup(bots)]
    else:
        lineups = [seated.lineup(lineup) for lineup in bots]
    return _run(
        "sweep",
        frame,
        progress,
        lambda update: _native.run_sweep(
            game, players_text, vary_texts, lineups, games, deals, seed, rotate, quality,
            baseline, margins, trends, seats, max_combinations, force, threads, records,
            seated.native(), update,
        ),
    )
