"""The package as users install it: every module is packaged, and an installed wheel finds its
embedded corpus and question banks from any folder."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_every_python_package_is_listed_and_every_listed_package_exists():
    cfg = _config()
    listed = set(cfg["packages"])
    mapped = cfg.get("package-dir", {})
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "rulebot").rglob("__init__.py")
               if "__pycache__" not in p.parts}
    assert on_disk - listed == set(), "packages missing from pyproject.toml"
    for name in listed:
        folder = ROOT / (mapped[name] if name in mapped else name.replace(".", "/"))
        assert (folder / "__init__.py").is_file(), name


def test_wheel_ships_corpus_quizzes_and_data(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                           "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    wheel = next(tmp_path.glob("rulebot-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for rid in ("firs-2017", "rha", "ball-hockey", "youth-cup", "challenge-cup-u9"):
        assert f"rulebot/_corpus/{rid}/source.txt" in names
        assert f"rulebot/_corpus/{rid}/ruleset.yaml" in names
    assert any(n.startswith("rulebot/_quizzes/") and n.endswith(".yaml") for n in names)
    assert "rulebot/data/synonyms.yaml" in names
    assert "rulebot/data/learned_terms.json" in names
    # installed outside the repo, it answers from its own corpus
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=600)
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from rulebot.cli import main; "
            "raise SystemExit(main(['ask', 'how long is a minor penalty', '--ruleset', 'rha', '--json']))")
    run = subprocess.run([sys.executable, "-c", code, str(target)], capture_output=True, text=True,
                         cwd=tmp_path, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert '"rule": "402 (a)"' in run.stdout
