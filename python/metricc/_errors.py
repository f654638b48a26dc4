"""The exceptions and warnings of metricc."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional


class MetriccError(Exception):
    """An error that metricc reports (the message the command line prints)."""


@dataclass(frozen=True)
class SpecProblem:
    """One mistake in a spec: where it is and what is wrong."""

    file: str
    line: int
    column: int
    message: str
    hint: str = ""
    end_line: Optional[int] = None
    end_column: Optional[int] = None
    #: The error as the command line prints it: position, message, the
    #: source line and a caret under the mistake.
    rendered: str = ""

    def __str__(self) -> str:
        return self.rendered


class SpecError(MetriccError):
    """A spec that does not compile; ``errors`` lists every mistake."""

    def __init__(self, message: str, errors: List[SpecProblem]):
        super().__init__(message)
        self.errors = errors


@dataclass(frozen=True)
class DataProblem:
    """One problem with input data."""

    #: The file (or "<gold>", "<pred>" for documents given as Python values).
    file: str
    #: The document: its id, or its position from 1 ("" when the problem is
    #: with the file as a whole).
    document: str
    #: The line where the document starts, when known.
    line: Optional[int]
    #: The JSON path of the value at fault, as "entities.0.mentions.1.left"
    #: ("" when it is the document as a whole).
    path: str
    message: str
    #: The problem as the command line prints it.
    text: str = ""

    def __str__(self) -> str:
        return self.text or self.message


class DataError(MetriccError, ValueError):
    """Bad input data. ``errors`` lists every problem found; ``file``,
    ``document``, ``line`` and ``path`` are those of the first."""

    def __init__(self, message: str, errors: List[DataProblem]):
        super().__init__(message)
        self.errors = errors
        first = errors[0] if errors else DataProblem("", "", None, "", message, message)
        self.file = first.file
        self.document = first.document
        self.line = first.line
        self.path = first.path


class InternalError(MetriccError):
    """A bug in metricc (a Go panic, recovered): ``stack`` is where it
    happened. The process goes on; please report it with its input."""

    def __init__(self, message: str, stack: str = ""):
        super().__init__(message)
        self.stack = stack


class NotFoundError(MetriccError, FileNotFoundError):
    """A file that does not exist."""


class MetriccWarning(UserWarning):
    """A warning of a run: a repair an input format made, a document
    left out of a micro(gold) average, an unpaired document scored as a
    format's official scorer scores it."""


def from_response(err: dict) -> MetriccError:
    """The exception for an error object of the bridge's protocol."""
    kind = err.get("type")
    message = err.get("message", "")
    if kind == "spec":
        problems = [
            SpecProblem(
                file=e.get("file", ""),
                line=e.get("line", 0),
                column=e.get("column", 0),
                message=e.get("message", ""),
                hint=e.get("hint", ""),
                end_line=e.get("end_line"),
                end_column=e.get("end_column"),
                rendered=e.get("rendered", ""),
            )
            for e in err.get("errors", [])
        ]
        return SpecError(message, problems)
    if kind == "data":
        problems = [
            DataProblem(
                file=e.get("file", ""),
                document=e.get("document", ""),
                line=e.get("line"),
                path=e.get("path", ""),
                message=e.get("message", ""),
                text=e.get("text", ""),
            )
            for e in err.get("errors", [])
        ]
        return DataError(message, problems)
    if kind == "internal":
        return InternalError(message, err.get("stack", ""))
    if kind == "not_found":
        return NotFoundError(message)
    if kind == "request":
        return InternalError("metricc: a malformed request (a bug in the Python package): " + message)
    return MetriccError(message)
