"""Malformed YAML (issue 8): a quiz bank or a ``ruleset.yaml`` damaged in any way either still loads or
fails with a :class:`rulebot.errors.DataError` whose message names the file and a line inside it
(``path:line: message``) -- never another exception, never a message without its place.

The damaged files are real ones (an embedded bank, an embedded ``ruleset.yaml``) with hypothesis-chosen
edits: lines deleted, duplicated, re-indented or cut short, YAML-breaking fragments and arbitrary text
inserted, values replaced by lists, mappings or nothing, bytes that are not UTF-8.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rulebot.corpus.loader import build_index, read_ruleset_yaml
from rulebot.errors import DataError
from rulebot.models import Ruleset
from rulebot.paths import corpus_root, quizzes_root
from rulebot.quiz.bank import Bank, load_bank

BREAKERS = [
    ":", "- ", "? ", "{", "}", "[", "]", "[a, b", "{a: 1", '"', "'", "'unterminated", '"\\q"', "&anchor",
    "*alias", "*undefined", "!!python/object:os.system", "!!binary x", "!custom", "%YAML 1.1", "---", "...",
    "\t", "key: value: other", "  - nested", "|", ">", "@", "`", "# comment", "null", "~", "[]", "{}",
    "id:", "title:", "aliases: x", "aliases: [[1]]", "layout: spiral", "id: a b", "id: [1, 2]",
    "title: {a: 1}", "source: [x]", "questions: 3", "kind: essay", "answer: [1, {2: 3}]", "level: high",
    "<<: *x", "? [a, b]\n: c", "\x07", "\x00", "\ufeff", "\u2028", "é", "🏒",
]

_edit = st.tuples(
    st.sampled_from(["delete", "insert", "replace-value", "indent", "dedent", "duplicate", "truncate"]),
    st.integers(min_value=0, max_value=10_000),
    st.one_of(st.sampled_from(BREAKERS), st.text(max_size=20)),
)

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def damage(text: str, edits: list[tuple[str, int, str]]) -> str:
    """Apply ``(operation, position, fragment)`` edits to ``text`` line by line."""
    lines = text.split("\n")
    for op, pos, frag in edits:
        i = pos % max(len(lines), 1)
        if op == "delete" and lines:
            del lines[i]
        elif op == "insert":
            lines.insert(i, frag)
        elif op == "replace-value" and lines:
            key, sep, _value = lines[i].partition(":")
            lines[i] = f"{key}: {frag}" if sep else frag
        elif op == "indent" and lines:
            lines[i] = "   " + lines[i]
        elif op == "dedent" and lines:
            lines[i] = lines[i].lstrip()
        elif op == "duplicate" and lines:
            lines.insert(i, lines[i])
        elif op == "truncate" and lines:
            cut = "\n".join(lines)
            lines = cut[: pos % (len(cut) + 1)].split("\n")
    return "\n".join(lines)


def assert_names_file_and_line(err: DataError, path: Path, text_lines: int) -> None:
    message = str(err)
    m = re.match(rf"{re.escape(str(path))}:(\d+): \S", message)
    assert m, f"no path:line in {message!r}"
    assert 1 <= int(m.group(1)) <= text_lines + 1, message
    assert "\n" not in message.strip(), "one line"


# -- ruleset.yaml ----------------------------------------------------------------------------------

RULESET_YAML = corpus_root().joinpath("rha", "ruleset.yaml").read_text(encoding="utf-8")


@SETTINGS
@given(edits=st.lists(_edit, min_size=1, max_size=4), bad_bytes=st.booleans())
@example(edits=[("insert", 0, "\x07")], bad_bytes=False)
@example(edits=[("replace-value", 0, "[1, 2]")], bad_bytes=False)
@example(edits=[("replace-value", 3, "x")], bad_bytes=False)
@example(edits=[("replace-value", 7, "spiral")], bad_bytes=False)
@example(edits=[("delete", 1, "")], bad_bytes=False)
@example(edits=[("truncate", 0, "")], bad_bytes=False)
@example(edits=[("insert", 2, "é")], bad_bytes=True)
def test_damaged_ruleset_yaml_loads_or_names_file_and_line(tmp_path, edits, bad_bytes):
    text = damage(RULESET_YAML, edits)
    data = text.encode("utf-8", "surrogatepass")
    if bad_bytes:
        data = data.replace("é".encode(), b"\xe9")  # Latin-1, not UTF-8
    path = tmp_path / "ruleset.yaml"
    path.write_bytes(data)
    try:
        rs = read_ruleset_yaml(path, embedded=False)
    except DataError as err:
        assert_names_file_and_line(err, path, text.count("\n") + 1)
        return
    assert isinstance(rs, Ruleset) and rs.id and rs.title
    assert all(isinstance(a, str) for a in rs.aliases)


def test_ruleset_yaml_errors_point_at_the_line_of_the_key(tmp_path):
    path = tmp_path / "ruleset.yaml"
    cases = [
        (RULESET_YAML.replace("layout: rha", "layout: spiral"), 8, "unknown layout"),
        (RULESET_YAML.replace("aliases: [RHA, Roller Hockey Alliance, NARCh]", "aliases: RHA"), 4, "aliases"),
        (RULESET_YAML.replace("aliases: [RHA, Roller Hockey Alliance, NARCh]",
                              "aliases: [RHA]\nloose_aliases: {roller: 1}"), 5, "loose_aliases"),
        (RULESET_YAML.replace("title: Roller Hockey Alliance Official Rule Book", "title: [a, b]"), 2, "title"),
        (RULESET_YAML.replace("id: rha", "id: r h a"), 1, "'id'"),
        (RULESET_YAML.replace("id: rha\n", ""), 10, "needs 'id'"),
        (RULESET_YAML.replace("sport: roller hockey", "sport: roller: hockey"), 7, "invalid YAML"),
        ("- just\n- a list\n", 1, "mapping"),
    ]
    for text, line, words in cases:
        path.write_text(text, encoding="utf-8")
        with pytest.raises(DataError) as info:
            read_ruleset_yaml(path, embedded=False)
        assert str(info.value).startswith(f"{path}:{line}: "), str(info.value)
        assert words in str(info.value)


def test_a_broken_user_ruleset_is_left_out_with_its_place(tmp_path):
    """A user ruleset folder with a source that is not UTF-8 is left out, reported with the file and
    line; the other rulesets still load.  The same fault in an embedded ruleset stops the build."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text("id: mine\ntitle: Mine\n", encoding="utf-8")
    (folder / "source.txt").write_bytes(b"1. Rules\n2. More rules\n3. Caf\xe9 rules\n")
    good = tmp_path / "good"
    good.mkdir()
    (good / "ruleset.yaml").write_text("id: good\ntitle: Good\n", encoding="utf-8")
    (good / "source.txt").write_text("1. Games are 2 x 15 minutes.\n2. Minors are 90 seconds.\n", encoding="utf-8")
    index = build_index([(folder, False), (good, False)])
    assert list(index.rulesets) == ["good"]
    assert index.skipped["mine"].startswith(f"{folder / 'source.txt'}:3: ")
    (folder / "source.txt").unlink()
    (folder / "source.txt").mkdir()
    assert str(folder / "source.txt") in build_index([(folder, False)]).skipped["mine"]
    with pytest.raises(DataError, match=re.escape(str(folder / "source.txt"))):
        build_index([(folder, True)])


def test_the_cli_warns_of_a_left_out_ruleset_and_answers_the_others(tmp_path, monkeypatch, capsys):
    from rulebot.cli import main

    monkeypatch.setenv("RULEBOT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RULEBOT_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "data" / "rulesets" / "cup"
    folder.mkdir(parents=True)
    (folder / "ruleset.yaml").write_text("id: cup\ntitle: [broken\n", encoding="utf-8")
    (folder / "source.txt").write_text("1. Minors are 90 seconds.\n", encoding="utf-8")
    from rulebot.search import get_searcher

    get_searcher.cache_clear()  # a fresh process: the index is loaded from these folders
    try:
        assert main(["ask", "how long is a minor penalty", "--ruleset", "rha", "--json"]) == 0
    finally:
        get_searcher.cache_clear()
    out = capsys.readouterr()
    assert '"ruleset": "rha"' in out.out
    assert out.err.startswith(f"rulebot: warning: ruleset 'cup' left out: {folder / 'ruleset.yaml'}:")


# -- quiz banks ------------------------------------------------------------------------------------

BANK_TEXT = quizzes_root().joinpath("rha-l1.yaml").read_text(encoding="utf-8")


@SETTINGS
@given(edits=st.lists(_edit, min_size=1, max_size=4), bad_bytes=st.booleans())
@example(edits=[("insert", 0, "\x07")], bad_bytes=False)
@example(edits=[("insert", 7, "é")], bad_bytes=True)
@example(edits=[("replace-value", 9, "[1, {2: 3}]")], bad_bytes=False)
@example(edits=[("duplicate", 5, "")], bad_bytes=False)
@example(edits=[("truncate", 0, "")], bad_bytes=False)
def test_damaged_quiz_bank_loads_or_names_file_and_line(tmp_path, edits, bad_bytes):
    text = damage(BANK_TEXT, edits)
    data = text.encode("utf-8", "surrogatepass")
    if bad_bytes:
        data = data.replace("é".encode(), b"\xe9")
    path = tmp_path / "bank.yaml"
    path.write_bytes(data)
    try:
        bank = load_bank(path)
    except DataError as err:
        assert_names_file_and_line(err, path, text.count("\n") + 1)
        return
    assert isinstance(bank, Bank) and bank.questions


def test_every_embedded_ruleset_yaml_still_reads(tmp_path):
    for entry in corpus_root().iterdir():
        f = entry.joinpath("ruleset.yaml")
        if f.is_file():
            copy = tmp_path / f"{entry.name}.yaml"
            shutil.copyfile(str(f), copy)
            assert read_ruleset_yaml(copy, embedded=True).id == entry.name
