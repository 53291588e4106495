"""Learned evaluations' model files in NumPy: ``beachcomber.Model``,
``load_model`` and ``save_model``.

The file's layout, its checks and its content hash are the library's
(src/learn/model.rs, through ``_native.NativeModel``): a file read here is
one the ``learned`` bot reads, and a model fitted in NumPy and written here
is one it plays. The value is computed in NumPy (``Model.value``); the
library's own computation of it is ``Model.rust_value``. docs/python.md,
"Learned evaluations".
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np
import numpy.typing as npt

from beachcomber._native import Game, ModelError, NativeModel

__all__ = ["Model", "load_model", "save_model"]


class Model:
    """A logistic evaluation of one seat's features: ``value(x) =
    sigmoid(bias + weights . x)``, the seat's expected win share in (0, 1).

    ``Model(game, players, features, weights, bias, provenance=None)``
    checks its fields against the game: ``game`` is any game spec (kept in
    its canonical form, every option written out, as the ``learned`` bot
    compares it), ``features`` ``"encoding"`` (the observation tensor) or
    ``"encoding+evaluate"`` (that and the game's evaluation), ``weights``
    one per feature (``Game.feature_size(features)`` of them, stored as
    ``float32``), ``provenance`` a JSON-serializable mapping of how it was
    made. Raises ``beachcomber.ModelError`` (or ``SpecError`` for a spec
    that does not build).
    """

    game: str
    """The canonical spec of the game it was trained on."""
    players: int
    """The player count it was trained at."""
    features: str
    """The features it reads: ``encoding`` or ``encoding+evaluate``."""
    weights: npt.NDArray[np.float32]
    """One weight per feature."""
    bias: float
    """The logistic's bias (a ``float32``'s value)."""
    provenance: dict[str, Any]
    """How it was made (teacher, games, seed, code, fit, held-out loss)."""

    def __init__(
        self,
        game: str,
        players: int,
        features: str,
        weights: npt.ArrayLike,
        bias: float,
        provenance: dict[str, Any] | None = None,
    ) -> None:
        configuration = Game(game, players)
        w = np.array(weights, dtype=np.float32).reshape(-1)
        expected = configuration.feature_size(features)
        if w.shape[0] != expected:
            raise ModelError(
                f"{w.shape[0]} weights for {features} features of "
                f"{configuration.spec} at {players} players ({expected} inputs)"
            )
        self.game = configuration.spec
        self.players = players
        self.features = features
        self.weights = w
        self.bias = float(np.float32(bias))
        self.provenance = dict(provenance or {})
        self._native()  # the library's checks (finite weights, provenance)

    @classmethod
    def _of(cls, native: NativeModel) -> Model:
        """The model the library read (taken as the file has it)."""
        model = cls.__new__(cls)
        model.game = native.game
        model.players = native.players
        model.features = native.features
        model.weights = native.weights
        model.bias = native.bias
        model.provenance = native.provenance
        return model

    def _native(self) -> NativeModel:
        """The library's model of the current fields."""
        try:
            provenance = json.dumps(self.provenance, allow_nan=False)
        except (TypeError, ValueError) as e:
            raise ModelError(f"the provenance is not JSON: {e}") from None
        return NativeModel(
            self.game,
            self.players,
            self.features,
            np.ascontiguousarray(self.weights, dtype=np.float32).reshape(-1),
            float(self.bias),
            provenance,
        )

    @property
    def inputs(self) -> int:
        """The number of features (weights)."""
        return int(self.weights.shape[0])

    @property
    def hash(self) -> str:
        """The content hash of the fields that decide play (the library's
        ``Model::hash``: xxh3-64 in 16 hex digits); provenance is outside."""
        return self._native().hash

    def _rows(self, x: npt.ArrayLike) -> tuple[npt.NDArray[np.float32], bool]:
        """``x`` as ``float32`` rows, and whether it was one row."""
        rows = np.asarray(x, dtype=np.float32)
        one = rows.ndim == 1
        if one:
            rows = rows.reshape(1, -1)
        if rows.ndim != 2 or rows.shape[1] != self.inputs:
            raise ValueError(
                f"features of shape {np.shape(x)} for a model of {self.inputs} inputs "
                f"(one row of {self.inputs}, or N x {self.inputs})"
            )
        return rows, one

    def value(self, x: npt.ArrayLike) -> float | npt.NDArray[np.float64]:
        """The value of one row of features (a float) or of each row of an
        ``N x inputs`` batch (``N`` floats), computed in NumPy on the
        features as ``float32`` and summed in ``float64``: the library's
        value within a few units in the last place (the order of the sum
        and the exponential's last bit may differ)."""
        rows, one = self._rows(x)
        z = float(self.bias) + rows.astype(np.float64) @ self.weights.astype(np.float64)
        with np.errstate(over="ignore"):
            values = 1.0 / (1.0 + np.exp(-z))
        return float(values[0]) if one else values

    def rust_value(self, x: npt.ArrayLike) -> float | npt.NDArray[np.float64]:
        """The library's own value (``Model::value``, what the ``learned``
        bot computes) of one row or an ``N x inputs`` batch, as ``value``."""
        rows, one = self._rows(x)
        values = self._native().value(np.ascontiguousarray(rows))
        return float(values[0]) if one else values

    def to_json(self) -> str:
        """The model file's text (the library's ``Model::to_json``)."""
        return self._native().to_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> Model:
        """The model of a file's text, checked by the library (layout,
        sizes, finiteness, hash); raises ``beachcomber.ModelError``."""
        data = text.encode() if isinstance(text, str) else bytes(text)
        return cls._of(NativeModel.from_json(data))

    def write(self, path: str | os.PathLike[str]) -> None:
        """Write the model file to ``path``, whole (a temporary file beside
        it, then a rename); raises ``beachcomber.ModelError``."""
        self._native().write(os.fspath(path))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Model):
            return NotImplemented
        return (
            self.game == other.game
            and self.players == other.players
            and self.features == other.features
            and np.array_equal(self.weights, other.weights)
            and self.bias == other.bias
            and self.provenance == other.provenance
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"beachcomber.Model(game={self.game!r}, players={self.players}, "
            f"features={self.features!r}, inputs={self.inputs}, hash={self.hash!r})"
        )


def load_model(path: str | os.PathLike[str]) -> Model:
    """The model file at ``path``, read and checked as the command line
    reads it (a regular file of at most 16 MiB; layout, sizes and hash);
    raises ``beachcomber.ModelError`` with the library's one-line message."""
    return Model._of(NativeModel.read(os.fspath(path)))


def save_model(model: Model, path: str | os.PathLike[str]) -> None:
    """Write ``model`` to ``path`` (``model.write(path)``)."""
    model.write(path)
