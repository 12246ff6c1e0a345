"""Reading YAML with line numbers: the document's node tree (for the line of each key) and its data,
or one error that says where the text stops being YAML.  Used for ``ruleset.yaml`` and quiz banks."""

from __future__ import annotations

from typing import Any


class YamlSyntaxError(Exception):
    """Text that is not YAML: ``message`` (one line) and ``line`` (1-based, or None when unknown)."""

    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def load_node(text: str) -> tuple[Any, Any]:
    """``(node, data)`` of the single YAML document in ``text``; ``(None, None)`` for an empty one.

    Raises :class:`YamlSyntaxError` with the line of the problem (control characters included: the
    reader reports their offset)."""
    import yaml

    try:
        loader = yaml.SafeLoader(text)  # the reader refuses control characters here already
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise YamlSyntaxError(f"invalid YAML: {exc.problem or exc.context}",
                              None if mark is None else mark.line + 1) from None
    except yaml.YAMLError as exc:
        position = getattr(exc, "position", None)  # a ReaderError: the bad character's offset
        line = None if position is None else text.count("\n", 0, position) + 1
        raise YamlSyntaxError(f"invalid YAML: {' '.join(str(exc).split())}", line) from None
    return node, data
