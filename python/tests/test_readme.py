"""README.md's Python example: its text is python/examples/first_run.py
and running that file prints what the README shows (python/ci.sh also runs
it right after the README's install command, before pytest and the test
extras are installed)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "python" / "examples" / "first_run.py"


def section() -> str:
    """README.md's "From Python" section."""
    text = (ROOT / "README.md").read_text()
    start = text.index("\n## From Python\n")
    return text[start : text.index("\n## ", start + 1)]


def fenced(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", section(), flags=re.S)


def test_the_readme_installs_then_runs_the_example_file() -> None:
    assert fenced("sh") == ["pip install ./python pandas\npython3 python/examples/first_run.py\n"]


def test_the_readme_shows_the_example_file_as_it_is() -> None:
    assert fenced("python") == [EXAMPLE.read_text()]


def test_the_example_prints_what_the_readme_shows(tmp_path: Path) -> None:
    shown = fenced("text")
    assert len(shown) == 1
    out = subprocess.run(
        [sys.executable, str(EXAMPLE)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        # No tqdm bar on stderr, and a summary the width of the README's.
        env={"PATH": "", "COLUMNS": "80"},
    )
    assert out.stdout == shown[0]
