"""Type stubs of the native module ``beachcomber._native`` (re-exported by
``beachcomber``); docs/python.md is the guide."""

from collections.abc import Callable
from os import PathLike
from typing import Any, Final, SupportsIndex, final

import numpy as np
import numpy.typing as npt

__all__ = [
    "AecCore",
    "Bot",
    "DEFAULT_BOTS",
    "DEFAULT_GAMES",
    "DEFAULT_GAMES_PER_PAIRING",
    "DEFAULT_MAX_COMBINATIONS",
    "DEFAULT_RESAMPLES",
    "DEFAULT_SEED",
    "Game",
    "GamesLayout",
    "IllegalActionError",
    "ModelError",
    "NativeModel",
    "RecordError",
    "SpecError",
    "State",
    "TERMINAL_PLAYER",
    "VectorEnv",
    "bot",
    "check_time_limit",
    "csv_columns",
    "deal_seed",
    "decision_seed",
    "from_record",
    "game",
    "games",
    "games_parquet",
    "run_experiment",
    "run_league",
    "run_sweep",
    "run_tournament",
]

TERMINAL_PLAYER: Final[int]
"""``State.current_player()`` once the game is over (-4, OpenSpiel's TERMINAL)."""

DEFAULT_SEED: Final[int]
"""The run seed when none is given (the command line's ``--seed`` default)."""
DEFAULT_BOTS: Final[str]
"""A tournament's lineup, and a sweep's, when none is given."""
DEFAULT_GAMES: Final[int]
"""Games of a tournament, or per combination of a sweep, when neither games nor deals is given."""
DEFAULT_GAMES_PER_PAIRING: Final[int]
"""A league's games per pairing when none is given."""
DEFAULT_RESAMPLES: Final[int]
"""A league's bootstrap resamples when none is given."""
DEFAULT_MAX_COMBINATIONS: Final[int]
"""A sweep's cap on combinations when none is given."""

class SpecError(ValueError):
    """A game or bot spec, or a run's argument, refused (the library's one-line message)."""

class IllegalActionError(ValueError):
    """An action that is not legal, not in the action space, or played after the end."""

class RecordError(ValueError):
    """A record that cannot be read or does not replay, or a state without a record."""

class ModelError(ValueError):
    """A model file that cannot be read or written, is malformed, or whose weights do not match its hash."""

@final
class Game:
    """A game configuration: a game, its options and its player count."""

    def __new__(cls, spec: str, players: int) -> Game: ...
    @property
    def name(self) -> str:
        """``seashells``, ``seaside`` or ``shell-dash``."""
    @property
    def spec(self) -> str:
        """The canonical spec, every option spelled out."""
    def new_initial_state(self, seed: int | None = None) -> State:
        """A game dealt from ``seed`` (the engines' deal seed); a fresh seed when none."""
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int:
        """The size of the fixed action space; actions are ``0..n``."""
    def observation_tensor_size(self) -> int: ...
    def observation_tensor_shape(self) -> list[int]: ...
    def observation_fields(self) -> list[tuple[str, int, int]]:
        """The tensor's fields in order, as ``(name, start, length)``."""
    def feature_size(self, features: str = "encoding") -> int:
        """The length of ``State.features(seat, features)``: a model's inputs."""
    def action_to_string(self, action: SupportsIndex) -> str: ...
    def string_to_action(self, text: str) -> int: ...
    def action_names(self) -> list[str]:
        """Every action's text form, by index."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class State:
    """A game in progress: the state, the deal's seed and the actions played."""

    @property
    def seed(self) -> int | None:
        """The deal's seed (``None`` for a sampled world)."""
    def current_player(self) -> int:
        """The seat to move, or ``TERMINAL_PLAYER`` once over."""
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool:
        """Always false: chance is internal, dealt from the seed."""
    def legal_actions(self, player: int | None = None) -> list[int]: ...
    def legal_actions_mask(self) -> npt.NDArray[np.int8]: ...
    def apply_action(self, action: SupportsIndex) -> None:
        """Play ``action``; raises ``IllegalActionError`` (changing nothing) if illegal, ``TypeError`` if no integer."""
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def returns(self) -> list[float]:
        """Each seat's win share once over (zeros before)."""
    def scores(self) -> list[int]:
        """Each seat's score in the game's unit (running scores before the end)."""
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: the library's JSON observation as a dict."""
    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` may see as a flat ``float32`` array, entries in [0, 1]."""
    def features(self, seat: int, features: str = "encoding") -> npt.NDArray[np.float32]:
        """A learned evaluation's features of this state for ``seat``
        (``encoding``, or ``encoding+evaluate``: the game's evaluation of
        this state added, so use a sampled world for a fair row)."""
    def action_to_string(self, action: SupportsIndex) -> str: ...
    def string_to_action(self, text: str) -> int: ...
    def sample_world(self, seat: int, rng_seed: int) -> State:
        """A determinization for ``seat``: hidden things re-dealt from ``rng_seed``."""
    def to_record(self, bots: list[str] | None = None) -> str:
        """The game's record line (docs/records.md); raises ``RecordError`` without a history."""
    def history(self) -> list[int]:
        """The actions played since the deal (``RecordError`` for a sampled
        world or a position a run hands to a policy)."""
    def get_game(self) -> Game: ...
    def describe(self, seat: int | None = None) -> str:
        """A picture of the state as ``seat`` may see it (everything for ``None``)."""
    def __eq__(self, value: object, /) -> bool: ...

@final
class AecCore:
    """The PettingZoo environments' engine (used by ``beachcomber.pettingzoo``)."""

    def __new__(cls, game: Game, agents: list[str], seed: int) -> AecCore: ...
    @property
    def agents(self) -> list[str]: ...
    @property
    def rewards(self) -> dict[str, float]: ...
    @property
    def cumulative_rewards(self) -> dict[str, float]: ...
    @property
    def terminations(self) -> dict[str, bool]: ...
    @property
    def truncations(self) -> dict[str, bool]: ...
    @property
    def infos(self) -> dict[str, dict[str, Any]]: ...
    @property
    def seed(self) -> int: ...
    def reset(self, seed: int | None = None) -> str: ...
    def step(self, action: SupportsIndex | None) -> str: ...
    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, npt.NDArray[Any]] | None, float, bool, bool, dict[str, Any]]: ...
    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]: ...
    def picture(self) -> str: ...
    def state(self) -> State: ...

@final
class VectorEnv:
    """``num_envs`` games of one configuration stepped together (batched
    playouts); the returned arrays are the object's own, overwritten by the
    next call."""

    def __new__(
        cls,
        spec: str,
        players: int,
        num_envs: int,
        seed: int = 0,
        threads: int | None = None,
    ) -> VectorEnv: ...
    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """``(obs, mask, player)`` of each game's first decision."""
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.int64],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """``(obs, mask, player, rewards, done)`` after one action per game."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action of each game."""
    def state(self, i: int) -> State:
        """Game ``i`` as a ``State`` (a copy, with its history)."""
    def deal_seeds(self) -> list[int]: ...
    @property
    def game(self) -> Game: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def threads(self) -> int: ...
    def __len__(self) -> int: ...

@final
class Bot:
    """A built-in bot as a policy: ``bot.act(state)`` (or ``bot(state)``) is
    the action it chooses for the seat to move, thought with the GIL
    released and seeded as the runner seeds it in a tournament."""

    def __new__(cls, spec: str) -> Bot: ...
    @property
    def spec(self) -> str:
        """The canonical spec, every option spelled out."""
    @property
    def name(self) -> str:
        """``random``, ``greedy``, ``pimc``, ``ismcts``, ``expert`` or ``oracle``."""
    @property
    def cheats(self) -> bool:
        """Whether the bot sees hidden information (``oracle``)."""
    def act(self, state: State, seed: int | None = None) -> int:
        """The action for the seat to move; ``seed`` seeds the bot's generator
        (default: the engine's seed for this decision)."""
    def __call__(self, state: State) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class NativeModel:
    """A model file's contents as the library reads and writes them
    (``beachcomber.Model`` is the NumPy class around it)."""

    def __new__(
        cls,
        game: str,
        players: int,
        features: str,
        weights: npt.NDArray[np.float32],
        bias: float,
        provenance: str,
    ) -> NativeModel: ...
    @staticmethod
    def from_json(data: bytes) -> NativeModel:
        """The model of a file's bytes, checked; raises ``ModelError``."""
    @staticmethod
    def read(path: str | PathLike[str]) -> NativeModel:
        """The model file at ``path``, checked; raises ``ModelError``."""
    @property
    def game(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def features(self) -> str: ...
    @property
    def weights(self) -> npt.NDArray[np.float32]: ...
    @property
    def bias(self) -> float: ...
    @property
    def provenance(self) -> dict[str, Any]: ...
    @property
    def hash(self) -> str: ...
    def value(self, x: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        """The library's value of each row of ``x`` (``N x inputs``)."""
    def to_json(self) -> str: ...
    def write(self, path: str | PathLike[str]) -> None: ...

def bot(spec: str) -> Bot:
    """The bot ``spec`` names, as a policy; raises ``SpecError``."""

def decision_seed(game_seed: int, ply: int) -> int:
    """The seed of the generator a bot deciding at ``ply`` of a game dealt from ``game_seed`` gets."""

def csv_columns(
    data: bytes, layout: GamesLayout | None = None
) -> list[tuple[str, str, bool, str | None]]:
    """Each column of CSV bytes as ``(name, kind, nullable, missing)``, kind
    ``int``, ``uint``, ``float``, ``bool`` or ``str``; ``missing`` the text
    besides the empty cell read as missing (``all`` for ``seat``). With
    ``layout`` (a games table's), each kind is the plan's schema's, not
    read from the cells."""

@final
class GamesLayout:
    """How a run's games table is typed in Parquet (made by a run)."""

def games_parquet(layout: GamesLayout, csv: bytes) -> bytes:
    """The Parquet bytes of the games table ``csv`` (the command line's
    ``--out NAME.parquet``); raises ``ValueError`` on a malformed table."""

_Progress = Callable[[int, int], object] | None
_Policies = list[tuple[str, Callable[..., Any], bool, float | None]]

def check_time_limit(seconds: float) -> float:
    """``seconds`` if it is a policy's time limit (0.001 to 86400); raises ``SpecError``."""

def run_tournament(
    game: str,
    players: int,
    bots: str,
    games: int | None,
    deals: int | None,
    seed: int,
    rotate: bool,
    quality: bool,
    sprt: str | None,
    threads: int | None,
    rows: bool,
    records: bool,
    policies: _Policies,
    progress: _Progress,
) -> dict[str, Any]:
    """A tournament into memory (``beachcomber.tournament``'s native part)."""

def run_league(
    game: str,
    players: int,
    bots: str,
    games_per_pairing: int,
    seed: int,
    anchor: str | None,
    resamples: int,
    threads: int | None,
    rows: bool,
    records: bool,
    policies: _Policies,
    progress: _Progress,
) -> dict[str, Any]:
    """A league into memory (``beachcomber.league``'s native part)."""

def run_sweep(
    game: str,
    players: str,
    vary: list[str],
    bots: list[str],
    games: int | None,
    deals: int | None,
    seed: int,
    rotate: bool,
    quality: bool,
    baseline: str | None,
    margins: list[str],
    trends: list[str],
    seats: str | None,
    max_combinations: int,
    force: bool,
    threads: int | None,
    records: bool,
    policies: _Policies,
    progress: _Progress,
) -> dict[str, Any]:
    """A sweep into memory (``beachcomber.sweep``'s native part)."""

def run_experiment(
    path: str | PathLike[str],
    quick: bool = False,
    out: str | PathLike[str] | None = None,
    exploratory: bool = False,
    resume: bool = False,
    threads: int | None = None,
) -> dict[str, Any]:
    """Run the experiment file ``path`` whole, as ``beachcomber run PATH`` does
    (``quick``, ``out``, ``exploratory``, ``resume``, ``threads``: its flags),
    drawing no figure: ``{"dir": the results folder, "lines": what the
    command line prints, "notes": its warnings and notes}``; raises
    ``ValueError`` with the command line's message."""

def game(spec: str, players: int) -> Game:
    """The game ``spec`` names for ``players`` players; raises ``SpecError``."""

def from_record(text: str) -> State:
    """The state at the end of a record line, replayed and checked; raises ``RecordError``."""

def deal_seed(run_seed: int, deal: int) -> int:
    """The deal seed of deal ``deal`` of a run seeded ``run_seed``."""

def games() -> list[dict[str, Any]]:
    """Every game's name, player counts and options."""
