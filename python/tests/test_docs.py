"""The Python of docs/python.md's sections on bots, runs and the
walkthrough runs as written (in a scratch folder: one example writes a
file)."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def blocks(first: str, last: str) -> list[str]:
    """The ```python blocks between the headings `first` and `last`."""
    text = DOC.read_text()
    part = text[text.index(f"\n{first}\n") : text.index(f"\n{last}\n")]
    return re.findall(r"```python\n(.*?)```", part, flags=re.S)


def test_the_examples_of_bots_runs_and_the_walkthrough_run(tmp_path, monkeypatch):
    # tqdm's bars off (progress=True is the examples' default).
    monkeypatch.setitem(__import__("sys").modules, "tqdm.auto", None)
    monkeypatch.chdir(tmp_path)
    found = blocks("## Bots", "## Fork safety")
    assert len(found) >= 7
    namespace: dict[str, object] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for code in found:
            exec(compile(code, str(DOC), "exec"), namespace)
    assert (tmp_path / "summary.csv").exists()
    # The numbers the walkthrough shows.
    metrics = namespace["m"]
    first = metrics.loc[metrics.seat == 0]  # type: ignore[attr-defined]
    assert list(first["win_share"]) == [0.522, 0.5165, 0.5405, 0.547, 0.5395]
    league = namespace["league"]
    ratings = league.ratings  # type: ignore[attr-defined]
    assert list(ratings["bot"]) == ["random", "greedy(worlds=8)", "engine(name=lookahead)"]
    assert list(ratings["rating"]) == [0.0, 682.9, 381.4]
