"""Learned evaluations' model files from Python: written through the
library and read back, the hash's refusal, NumPy's value against the
library's, the features, and the NumPy training example
(python/examples/train_numpy.py)."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import beachcomber
from helpers import random_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "python" / "examples" / "train_numpy.py"
KEYS = ["format", "version", "game", "players", "features", "inputs", "kind", "hash", "bias", "weights", "provenance"]


def example():
    """The example file as a module (its functions)."""
    spec = importlib.util.spec_from_file_location("train_numpy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_numpy"] = module  # for its dataclass
    spec.loader.exec_module(module)
    return module


def shell_dash_model(features: str = "encoding") -> beachcomber.Model:
    game = beachcomber.game("shell-dash", 2)
    inputs = game.feature_size(features)
    weights = np.linspace(-1.0, 1.0, inputs, dtype=np.float32)
    return beachcomber.Model("shell-dash", 2, features, weights, -0.125, provenance={"teacher": "random", "games": 3})


def test_a_model_written_through_the_library_reads_back_with_its_layout(tmp_path: Path) -> None:
    model = shell_dash_model("encoding+evaluate")
    path = tmp_path / "m.json"
    beachcomber.save_model(model, path)
    text = path.read_text()
    assert text == model.to_json() and text.endswith("}\n")
    # Plain JSON, the documented keys in order: readable with no package.
    raw = json.loads(text)
    assert list(raw) == KEYS
    assert raw["format"] == "beachcomber-model" and raw["version"] == 1 and raw["kind"] == "logistic"
    assert raw["game"] == beachcomber.game("shell-dash", 2).spec  # canonical
    assert raw["inputs"] == len(raw["weights"]) == 184
    assert raw["hash"] == model.hash and len(model.hash) == 16
    assert np.array_equal(np.array(raw["weights"], dtype=np.float32), model.weights)
    back = beachcomber.load_model(path)
    assert back == model
    assert back.weights.dtype == np.float32 and back.weights.shape == (184,)
    assert (back.game, back.players, back.features, back.bias) == (model.game, 2, "encoding+evaluate", -0.125)
    assert back.provenance == {"teacher": "random", "games": 3}
    assert beachcomber.Model.from_json(text) == model


def test_a_changed_weight_is_refused_by_the_hash_and_provenance_is_outside_it(tmp_path: Path) -> None:
    model = shell_dash_model()
    raw = json.loads(model.to_json())
    raw["weights"][3] = 0.5
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(raw))
    with pytest.raises(beachcomber.ModelError, match=rf"hash to [0-9a-f]{{16}}, not {model.hash} \(the file changed"):
        beachcomber.load_model(changed)
    # The same weights and the hash recomputed by the library are accepted.
    edited = beachcomber.Model(model.game, 2, "encoding", raw["weights"], model.bias)
    assert edited.hash != model.hash
    assert beachcomber.load_model(_written(tmp_path, edited)).weights[3] == np.float32(0.5)
    raw = json.loads(model.to_json())
    raw["provenance"]["teacher"] = "someone else"
    assert beachcomber.Model.from_json(json.dumps(raw)).hash == model.hash


def _written(tmp_path: Path, model: beachcomber.Model) -> Path:
    path = tmp_path / "written.json"
    model.write(path)
    return path


def test_the_numpy_value_is_the_librarys_on_the_features_of_real_states() -> None:
    for features in ["encoding", "encoding+evaluate"]:
        model = shell_dash_model(features)
        rows = []
        for state in random_game("shell-dash", 2, seed=5):
            for seat in range(2):
                world = state.sample_world(seat, 11)
                rows.append(world.features(seat, features))
        x = np.stack(rows)
        numpy_values = model.value(x)
        rust_values = model.rust_value(x)
        assert isinstance(numpy_values, np.ndarray) and isinstance(rust_values, np.ndarray)
        assert numpy_values.shape == rust_values.shape == (len(rows),)
        np.testing.assert_allclose(numpy_values, rust_values, rtol=0, atol=1e-12)
        assert len(set(np.round(rust_values, 9))) > 10  # the values vary
        one = model.value(x[0])
        assert isinstance(one, float) and abs(one - float(rust_values[0])) < 1e-12


def test_a_value_by_hand() -> None:
    game = beachcomber.game("shell-dash", 2)
    weights = np.zeros(game.feature_size("encoding"), dtype=np.float32)
    weights[:3] = [0.5, -0.25, 0.1]
    model = beachcomber.Model("shell-dash", 2, "encoding", weights, -0.125)
    x = np.zeros(len(weights), dtype=np.float32)
    x[:3] = [1.0, 2.0, 0.0]
    expected = 1.0 / (1.0 + np.exp(0.125))  # z = -0.125 + 0.5 - 0.5
    assert abs(model.value(x) - expected) < 1e-15
    assert abs(model.rust_value(x) - expected) < 1e-15


def test_batch_values_have_one_value_per_row_and_wrong_shapes_are_refused() -> None:
    model = shell_dash_model()
    batch = np.random.default_rng(3).random((7, model.inputs), dtype=np.float32)
    values = model.value(batch)
    assert isinstance(values, np.ndarray) and values.shape == (7,) and values.dtype == np.float64
    assert np.all((values > 0) & (values < 1))
    assert model.rust_value(batch).shape == (7,)  # type: ignore[union-attr]
    assert model.value(np.zeros((0, model.inputs))).shape == (0,)  # type: ignore[union-attr]
    for bad in [np.zeros(model.inputs + 1), np.zeros((2, 3)), np.zeros((1, 1, model.inputs))]:
        with pytest.raises(ValueError, match=f"for a model of {model.inputs} inputs"):
            model.value(bad)
        with pytest.raises(ValueError, match=f"for a model of {model.inputs} inputs"):
            model.rust_value(bad)


def test_features_are_the_tensor_then_the_evaluation() -> None:
    for spec, players in [("shell-dash", 2), ("seaside", 3), ("seashells", 2)]:
        game = beachcomber.game(spec, players)
        size = game.observation_tensor_size()
        assert game.feature_size() == size and game.feature_size("encoding+evaluate") == size + 1
        state = game.new_initial_state(seed=2)
        state.apply_action(state.legal_actions()[0])
        for seat in range(players):
            tensor = state.observation_tensor(seat)
            assert np.array_equal(state.features(seat), tensor)
            both = state.features(seat, "encoding+evaluate")
            assert both.dtype == np.float32 and both.shape == (size + 1,)
            assert np.array_equal(both[:-1], tensor)
    with pytest.raises(beachcomber.ModelError, match=r'unknown features "pixels" \(known: encoding, encoding\+evaluate\)'):
        beachcomber.game("shell-dash", 2).feature_size("pixels")
    with pytest.raises(IndexError):
        beachcomber.game("shell-dash", 2).new_initial_state(seed=1).features(2)


def test_bad_models_and_files_are_one_line_errors(tmp_path: Path) -> None:
    good = shell_dash_model()
    cases = [
        (lambda: beachcomber.Model("shell-dash", 2, "encoding", np.zeros(5), 0.0), r"5 weights for encoding features of shell-dash\(deck=.* at 2 players \(183 inputs\)$"),
        (lambda: beachcomber.Model("shell-dash", 2, "pixels", np.zeros(183), 0.0), 'unknown features "pixels"'),
        (lambda: beachcomber.Model("shell-dash", 2, "encoding", np.full(183, np.nan), 0.0), "not a finite number"),
        (lambda: beachcomber.Model("shell-dash", 2, "encoding", np.zeros(183), float("inf")), "not a finite number"),
        (lambda: beachcomber.load_model(tmp_path / "none.json"), "cannot read the model: "),
        (lambda: beachcomber.load_model(tmp_path), "cannot read the model: "),
        (lambda: beachcomber.Model.from_json("{"), "not a model file: EOF"),
        (lambda: beachcomber.Model.from_json(good.to_json().replace('"version": 1', '"version": 2')), "layout version 2"),
        (lambda: good.write(tmp_path / "no" / "m.json"), "cannot write .*no folder"),
    ]
    for make, says in cases:
        with pytest.raises(beachcomber.ModelError, match=says) as raised:
            make()
        assert "\n" not in str(raised.value)
    assert list(tmp_path.iterdir()) == []  # nothing half-written
    with pytest.raises(beachcomber.SpecError):
        beachcomber.Model("chess", 2, "encoding", np.zeros(1), 0.0)
    with pytest.raises(beachcomber.ModelError):  # a ValueError
        beachcomber.Model("shell-dash", 2, "encoding", np.zeros(183), 0.0, provenance={"x": float("nan")}).write(
            tmp_path / "nan.json"
        )


def test_the_examples_fit_recovers_a_known_logistic() -> None:
    fit = example()
    rng = np.random.default_rng(0)
    x = rng.normal(size=(4000, 5))
    true_w = np.array([1.5, -2.0, 0.5, 0.0, 1.0])
    true_b = -0.3
    p = 1.0 / (1.0 + np.exp(-(x @ true_w + true_b)))
    # Targets that are the probabilities themselves: the log loss's minimum
    # is the true logistic, exactly.
    w, b, iterations = fit.fit_logistic(x, p, l2=0.0)
    np.testing.assert_allclose(w, true_w, atol=1e-8)
    assert abs(b - true_b) < 1e-8 and iterations < 20
    # Sampled 0/1 targets: close to it.
    y = (rng.random(len(p)) < p).astype(np.float64)
    w, b, _ = fit.fit_logistic(x, y, l2=0.0)
    assert np.max(np.abs(w - true_w)) < 0.2 and abs(b - true_b) < 0.15
    # And it beats the constant model on fresh data from the same logistic.
    fresh = rng.normal(size=(4000, 5))
    fresh_p = 1.0 / (1.0 + np.exp(-(fresh @ true_w + true_b)))
    fresh_y = (rng.random(len(fresh_p)) < fresh_p).astype(np.float64)
    fitted = fit.log_loss(fit.sigmoid(fresh @ w + b), fresh_y)
    constant = fit.log_loss(np.full(len(fresh_y), y.mean()), fresh_y)
    assert fitted < constant - 0.2


def test_the_example_trains_writes_and_reads_back_a_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "model.json"
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), "--games", "300", "--seed", "3", "--out", str(out)],
        capture_output=True,
        text=True,
        check=True,
    )
    lines = run.stdout.splitlines()
    assert lines[0].startswith("game: shell-dash(") and lines[0].endswith("features encoding (183 inputs)")
    model = beachcomber.load_model(out)
    assert model.provenance["games"] == 300 and model.provenance["seed"] == 3
    loss = model.provenance["held_out_log_loss"]
    constant = model.provenance["constant_log_loss"]
    assert f"held-out log loss: {loss:.4f}" in run.stdout
    assert loss < constant  # the observation tells something of the result
    # The same seed, the same file, byte for byte.
    again = tmp_path / "again.json"
    subprocess.run(
        [sys.executable, str(EXAMPLE), "--games", "300", "--seed", "3", "--out", str(again)],
        capture_output=True,
        check=True,
    )
    assert again.read_bytes() == out.read_bytes()

    # docs/python.md's first example reads that file as written.
    text = (ROOT / "docs" / "python.md").read_text()
    part = text[text.index("\n## Learned evaluations\n") : text.index("\n### Training in NumPy\n")]
    (code,) = re.findall(r"```python\n(.*?)```", part, flags=re.S)
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    exec(compile(code, "docs/python.md", "exec"), namespace)
    assert namespace["model"] == model


def test_the_hash_of_a_hand_built_model_is_pinned() -> None:
    # The library's unit test model (src/learn/model.rs): a change of the
    # hash's definition would orphan every committed model file's hash.
    native = beachcomber._native.NativeModel(
        "shell-dash(deck=default)", 2, "encoding+evaluate", np.array([0.5, -0.25, 0.1], dtype=np.float32), -0.125, "{}"
    )
    assert native.hash == "dac5e03fc049ef3a"
    assert list(json.loads(native.to_json())) == KEYS
