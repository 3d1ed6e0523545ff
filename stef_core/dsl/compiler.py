"""Compiling ``.stef`` rulesets to R_app (:class:`stef_core.models.Ruleset`).

Statements apply in order, and an ``include`` applies the included file's statements at that
point, so later statements win: a later ``term``, ``rule``, ``score`` or ``limit guard`` replaces
an earlier one, a synonym word belongs to the column that named it last. Lists (benign filters,
ignored filters, notes) accumulate without duplicates. The including file's header names the
result; an included file's header only has to be there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from stef_core.dsl import ast
from stef_core.dsl.errors import Diagnostic
from stef_core.dsl.parser import parse_text
from stef_core.models import (
    BANDS,
    FILTER_STATUSES,
    VERDICT_LABELS,
    Ruleset,
    Scoring,
)
from stef_core.registry import did_you_mean

_SCORE_SECTIONS: dict[str, tuple[str, ...]] = {
    "filter": FILTER_STATUSES,
    "verdict": VERDICT_LABELS,
    "band": tuple(b for b in BANDS if b != "poor"),  # poor is everything below marginal
}
SCORE_KEYS: tuple[str, ...] = (
    *(f"{section}.{name}" for section, names in _SCORE_SECTIONS.items() for name in names),
    "bonus", "max_base", "confidence",
)
_ORDER_OPS = ("<", "<=", ">", ">=")


@lru_cache(maxsize=1)
def installed_rule_ids() -> tuple[str, ...]:
    """Normalization rule ids of every installed plugin (built-ins included)."""
    from stef_core.registry import Registry

    return tuple(sorted(Registry.discover().rule_ids()))


@dataclass
class _State:
    """R_app under construction; statements write into it in order."""

    name: str | None = None
    version: int = 1
    synonyms: dict[str, list[str]] = field(default_factory=dict)
    terms: dict[str, str] = field(default_factory=dict)
    benign: list[dict[str, Any]] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    limit_guard: int | None = None
    rules: dict[str, bool] = field(default_factory=dict)
    scores: dict[str, dict[str, float]] = field(default_factory=dict)
    top_scores: dict[str, float] = field(default_factory=dict)
    tiers: dict[float, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def data(self) -> dict[str, Any]:
        scoring: dict[str, Any] = dict(self.top_scores)
        if self.scores.get("filter"):
            scoring["filter"] = self.scores["filter"]
        if self.scores.get("verdict"):
            scoring["verdict"] = self.scores["verdict"]
        if self.scores.get("band"):
            scoring["bands"] = self.scores["band"]
        if self.tiers:
            tiers = {t.threshold: t.factor for t in Scoring().confidence_tiers}
            tiers.update(self.tiers)
            scoring["confidence_tiers"] = [
                {"threshold": t, "factor": f} for t, f in sorted(tiers.items(), reverse=True)
            ]
        out: dict[str, Any] = {
            "name": self.name or "default",
            "version": self.version,
            "synonyms": {c: w for c, w in self.synonyms.items() if w},
            "terms": self.terms,
            "benign_filters": self.benign,
            "ignored_filters": self.ignored,
            "rules": self.rules,
            "scoring": scoring,
            "notes": self.notes,
        }
        if self.limit_guard is not None:
            out["limit_guard"] = self.limit_guard
        return out


class _Compiler:
    def __init__(self, rule_ids: tuple[str, ...] | None) -> None:
        self.rule_ids = rule_ids
        self.state = _State()
        self.diags: list[tuple[int, Diagnostic]] = []
        self.file_order: dict[str, int] = {}

    # ---- files ---------------------------------------------------------------------------

    def run_file(self, text: str, source: str, base_dir: Path, stack: tuple[Path, ...],
                 root: bool) -> None:
        order = self.file_order.setdefault(source, len(self.file_order))
        parsed, syntax = parse_text(text, source)
        for d in syntax:
            self.diags.append((order, d))
        lines = {ln.number: ln.text for ln in parsed.lines}

        def error(span: ast.Span, message: str, expected: str | None = None) -> None:
            self.diags.append((order, Diagnostic(
                source, span.line, span.column, message, lines.get(span.line, ""),
                span.end_column, expected)))

        content = [ln for ln in parsed.lines if ln.statement is not None or not ln.ok]
        if not content:
            error(ast.Span(1, 1, 1), "empty ruleset: a .stef file starts with its header",
                  'ruleset "<name>" [version <int>]')
            return
        first = content[0]
        header_line: int | None = None
        if first.ok and not isinstance(first.statement, ast.Header):
            assert first.statement is not None
            error(first.statement.span, "the first statement must be the ruleset header",
                  'ruleset "<name>" [version <int>]')
        for line in content:
            st = line.statement
            if st is None:
                continue
            if isinstance(st, ast.Header):
                if header_line is not None:
                    error(st.span, f"a second ruleset header (the first is on line {header_line})",
                          "one header per file; use include to merge another ruleset")
                    continue
                if line is not first:
                    # Reported above as a missing header; do not also call it a second one.
                    header_line = line.number
                    continue
                header_line = line.number
                self.header(st, error, root)
            elif isinstance(st, ast.Include):
                self.include(st, error, source, base_dir, stack)
            else:
                self.statement(st, error)

    def include(self, st: ast.Include, error: Any, source: str, base_dir: Path,
                stack: tuple[Path, ...]) -> None:
        if not st.path.strip():
            error(st.path_span, "empty include path", 'a path relative to this file, e.g. '
                  '"shared/tenancy.stef"')
            return
        target = base_dir / st.path
        if target.suffix != ".stef":
            error(st.path_span, f"cannot include {st.path!r}: only .stef rulesets can be included",
                  "a .stef file")
            return
        resolved = target.resolve()
        if resolved in stack:
            chain = [p.name for p in stack[stack.index(resolved):]] + [resolved.name]
            error(st.path_span, "include cycle: " + " -> ".join(chain),
                  "an include graph without cycles")
            return
        try:
            text = target.read_text(encoding="utf-8")
        except FileNotFoundError:
            error(st.path_span, f"cannot include {st.path!r}: no such file",
                  f"a path relative to the folder of {source}")
            return
        except (OSError, UnicodeDecodeError) as exc:
            error(st.path_span, f"cannot include {st.path!r}: {exc}", "a readable UTF-8 file")
            return
        self.run_file(text, str(target), target.parent, (*stack, resolved), root=False)

    # ---- statements ----------------------------------------------------------------------

    def header(self, st: ast.Header, error: Any, root: bool) -> None:
        if not st.name.strip():
            error(st.name_span, "empty ruleset name", 'a name, e.g. ruleset "support_desk"')
        version = 1
        if st.version is not None:
            v = st.version
            if v.kind != "number" or not isinstance(v.data, int) or v.data < 0:
                error(v.span, f"version must be a whole number, got {v.describe()}",
                      "a whole number, e.g. version 2")
            else:
                version = v.data
        if root:
            self.state.name = st.name
            self.state.version = version

    def statement(self, st: ast.Statement, error: Any) -> None:
        s = self.state
        if isinstance(st, ast.Synonym):
            if not st.column:
                return
            for word in st.words:
                if not word.text.strip():
                    error(word.span, "empty synonym", "a word or a quoted phrase")
                    continue
                # A word means one column: the latest synonym statement wins.
                for column, words in s.synonyms.items():
                    if column != st.column and word.text in words:
                        words.remove(word.text)
                bucket = s.synonyms.setdefault(st.column, [])
                if word.text not in bucket:
                    bucket.append(word.text)
        elif isinstance(st, ast.Term):
            ok = True
            if not st.phrase.strip():
                error(st.phrase_span, "empty term phrase", 'a phrase, e.g. "revenue"')
                ok = False
            problem = check_sql(st.sql)
            if problem is not None:
                message, start, end = problem
                col = st.sql_span.column
                error(ast.Span(st.span.line, col + start, col + end),
                      f"term SQL does not parse: {message}",
                      "one SQL expression, e.g. SUM(price * quantity)")
                ok = False
            if ok:
                s.terms[st.phrase] = st.sql
        elif isinstance(st, ast.Benign):
            if check_benign(st, error):
                value = st.value.data
                entry = {"column": st.column, "op": st.op, "value": value}
                if entry not in s.benign:
                    s.benign.append(entry)
        elif isinstance(st, ast.Ignore):
            if st.column not in s.ignored:
                s.ignored.append(st.column)
        elif isinstance(st, ast.LimitGuard):
            v = st.value
            if v.kind != "number" or not isinstance(v.data, int) or v.data < 1:
                error(v.span, f"limit guard must be a whole number >= 1, got {v.describe()}",
                      "a whole number, e.g. limit guard >= 1000")
            else:
                s.limit_guard = v.data
        elif isinstance(st, ast.RuleSwitch):
            known = self.rule_ids if self.rule_ids is not None else installed_rule_ids()
            if st.rule_id not in known:
                error(st.id_span,
                      f"unknown rule id {st.rule_id!r}{did_you_mean(st.rule_id, list(known))}",
                      "a rule id: " + ", ".join(sorted(known)))
            else:
                s.rules[st.rule_id] = st.enabled
        elif isinstance(st, ast.ScoreSet):
            self.score(st, error)
        elif isinstance(st, ast.Note):
            if not st.text.strip():
                error(st.text_span, "empty note", "a sentence for the judge")
            elif st.text not in s.notes:
                s.notes.append(st.text)

    def score(self, st: ast.ScoreSet, error: Any) -> None:
        s = self.state
        if st.key not in SCORE_KEYS:
            error(st.key_span,
                  f"unknown score {st.key!r}{did_you_mean(st.key, list(SCORE_KEYS))}",
                  "one of " + ", ".join(SCORE_KEYS))
            return
        v = st.value
        if v.kind != "number":
            error(v.span, f"a score must be a number, got {v.describe()}", "a number, e.g. 4.5")
            return
        number = float(v.data)  # type: ignore[arg-type]
        if st.key == "confidence":
            t = st.threshold
            if t is None:
                error(st.key_span, "score confidence needs a threshold",
                      "score confidence <threshold> = <factor>, e.g. score confidence 0.85 = 1.0")
                return
            bad = False
            if t.kind != "number" or not 0 <= float(t.data) <= 1:  # type: ignore[arg-type]
                error(t.span, f"a confidence threshold is between 0 and 1, got {t.describe()}",
                      "a number from 0 to 1")
                bad = True
            if not 0 <= number <= 1:
                error(v.span, f"a confidence factor is between 0 and 1, got {v.describe()}",
                      "a number from 0 to 1")
                bad = True
            if not bad:
                s.tiers[float(t.data)] = number  # type: ignore[arg-type]
            return
        if st.threshold is not None:
            error(st.threshold.span, f"score {st.key} takes no threshold",
                  f"score {st.key} = <n>")
            return
        if "." in st.key:
            section, name = st.key.split(".", 1)
            s.scores.setdefault(section, {})[name] = number
        else:
            s.top_scores[st.key] = number

    # ---- result --------------------------------------------------------------------------

    def diagnostics(self) -> list[Diagnostic]:
        ordered = sorted(self.diags, key=lambda od: (od[0], od[1].sort_key()))
        return [d for _, d in ordered]


def check_benign(st: ast.Benign, error: Any) -> bool:
    """Does the value suit the operator? Reports the mismatch under the value."""
    v, op = st.value, st.op
    if v.kind == "any":
        return True
    if op == "IN":
        if v.kind != "list":
            error(v.span, f"IN needs a parenthesised list, got {v.describe()}",
                  "a list, e.g. (1, 2) or ('a', 'b'), or *")
            return False
        return True
    if v.kind == "list":
        error(v.span, f"a list needs the IN operator, not {op}",
              f"benign filter {st.column} IN (...)")
        return False
    if op == "IS":
        if v.kind not in ("null", "true", "false"):
            error(v.span, f"IS compares with null, true or false, got {v.describe()}",
                  "null, true or false")
            return False
        return True
    if v.kind == "null":
        error(v.span, f"null is compared with IS, not {op}", f"benign filter {st.column} IS null")
        return False
    if op == "LIKE" and v.kind != "string":
        error(v.span, f"LIKE needs a 'pattern' string, got {v.describe()}",
              "a single-quoted pattern, e.g. 'test_%'")
        return False
    if op in _ORDER_OPS and v.kind in ("true", "false"):
        error(v.span, f"{op} needs a number or a string, got {v.describe()}",
              "a number or a single-quoted string")
        return False
    return True


def check_sql(sql: str) -> tuple[str, int, int] | None:
    """``None`` when ``sql`` is one SQL expression sqlglot parses; else the message and the
    0-based span of the offending part."""
    import sqlglot
    from sqlglot.errors import ParseError, TokenError

    try:
        trees = [t for t in sqlglot.parse(sql) if t is not None]
    except ParseError as exc:
        if not exc.errors:
            return str(exc), 0, len(sql)
        first = exc.errors[0]
        message = re.sub(r" for <class '[^']*'>", "", str(first.get("description", "error")))
        highlight = str(first.get("highlight") or "")
        end = int(first.get("col") or len(sql))
        start = max(0, end - len(highlight)) if highlight else max(0, end - 1)
        return message, start, max(end, start + 1)
    except TokenError as exc:
        return f"cannot read it ({exc})", 0, len(sql)
    if len(trees) != 1:
        return "a term is one SQL expression, not several statements", 0, len(sql)
    return None


def compile_text(
    text: str,
    source_name: str = "<rules>",
    *,
    base_dir: str | Path | None = None,
    rule_ids: list[str] | tuple[str, ...] | None = None,
) -> Ruleset:
    """Compile ``.stef`` text to R_app.

    Args:
        text: the ruleset source.
        source_name: the file name errors print.
        base_dir: where ``include`` paths start; defaults to the folder of ``source_name``.
        rule_ids: known normalization rule ids; defaults to every installed plugin's.

    Raises:
        RulesError: with every problem found, each a rendered block.

    >>> compile_text('ruleset "demo"\\nlimit guard >= 500').limit_guard
    500
    """
    from stef_core.rules import RulesError

    if base_dir is None:
        base_dir = Path(source_name).parent if not source_name.startswith("<") else Path(".")
    comp = _Compiler(tuple(rule_ids) if rule_ids is not None else None)
    start = Path(source_name).resolve() if not source_name.startswith("<") else None
    comp.run_file(text, source_name, Path(base_dir), (start,) if start else (), root=True)
    diags = comp.diagnostics()
    if diags:
        raise RulesError([d.render() for d in diags])
    try:
        return Ruleset.model_validate(comp.state.data())
    except ValidationError as exc:  # every value is checked above; this is a safety net
        from stef_core.rules import json_path

        raise RulesError([f"{source_name}: {json_path(e['loc'])}: {e['msg']}"
                          for e in exc.errors()]) from None


def compile_file(
    path: str | Path, *, rule_ids: list[str] | tuple[str, ...] | None = None
) -> Ruleset:
    """Compile a ``.stef`` file (and its includes) to R_app; errors name ``path`` as given."""
    from stef_core.rules import RulesError

    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesError([f"{path}: no such rules file"]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesError([f"{path}: cannot read: {exc}"]) from None
    return compile_text(text, str(path), base_dir=p.parent, rule_ids=rule_ids)


def ruleset_json(ruleset: Ruleset) -> str:
    """The compiled R_app as committed next to a ``.stef`` file (stable key order)."""
    import json

    return json.dumps(ruleset.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
