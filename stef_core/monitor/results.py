"""Reading results back: ``stef eval`` JSONL files, or runs from the store by id."""

from __future__ import annotations

import json
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from stef_core import safejson
from stef_core.contracts import StefError
from stef_core.models import Result


class ResultsError(StefError):
    """A results source that cannot be read."""


@dataclass(frozen=True)
class Loaded:
    """One result and, when its source recorded it, the question it answered."""

    result: Result
    question: str | None = None


def read_results_file(path: str) -> Iterator[Loaded]:
    """Stream the results of a ``stef eval`` JSONL file; a bad line stops with file:line:col.

    Lines end at ``\n`` only; values are read as :mod:`stef_core.safejson` reads them (an
    over-long integer stays text, a lone surrogate becomes U+FFFD), so a hand-edited file
    cannot crash a report.
    """
    with open(path, encoding="utf-8", errors="replace", newline="\n") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                data = safejson.loads(line, finite=True).value
            except safejson.NotFinite as exc:
                raise ResultsError(f"{path}:{lineno}: not a STEF result: {exc}; a results file "
                                   "holds the JSON lines `stef eval` writes") from None
            except json.JSONDecodeError as exc:
                raise ResultsError(
                    f"{path}:{lineno}:{exc.colno}: not JSON: {exc.msg}; a results file holds "
                    "the JSON lines `stef eval` writes"
                ) from None
            except RecursionError:
                raise ResultsError(f"{path}:{lineno}: nested too deeply; a results file holds "
                                   "the JSON lines `stef eval` writes") from None
            if not isinstance(data, dict):
                raise ResultsError(f"{path}:{lineno}: expected a JSON object (one result)")
            try:
                result = Result.model_validate(data)
            except ValidationError as exc:
                err = exc.errors()[0]
                where = ".".join(str(p) for p in err["loc"]) or "result"
                raise ResultsError(
                    f"{path}:{lineno}: not a STEF result: field {where!r}: {err['msg']}; "
                    "give a file written by `stef eval`"
                ) from None
            question = data.get("question")
            yield Loaded(result, question if isinstance(question, str) else None)


def open_results(source: str, store: str | None) -> Generator[Loaded, None, None]:
    """Results from a JSONL file, or from run ``source`` of ``store`` when no file has that name."""
    if Path(source).is_file():
        yield from read_results_file(source)
        return
    if Path(source).exists():
        raise ResultsError(f"{source}: is not a file; give a results .jsonl file or a run id")
    if source.strip().isdigit():
        if not store:
            raise ResultsError(
                f"{source}: no such results file; to use run {source} from the run history, "
                "give --store PATH or set STEF_STORE"
            )
        from stef_core.monitor.store import Store

        if not Path(store).is_file():
            raise ResultsError(f"{store}: no such run store")
        with Store(store) as st:
            for result, question in st.iter_results(source):
                yield Loaded(result, question)
        return
    raise ResultsError(f"{source}: no such results file")


def check_sources(sources: list[str], store: str | None) -> None:
    """Fail before any work when a source is missing (the generators above are lazy)."""
    for source in sources:
        if Path(source).is_file():
            continue
        gen: Generator[Loaded, None, None] = open_results(source, store)
        try:
            next(gen, None)
        finally:
            gen.close()
