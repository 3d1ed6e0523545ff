"""Compiling ``.stef`` rulesets to R_app (:class:`stef_core.models.Ruleset`).

Statements apply in order, and an ``include`` applies the included file's statements at that
point, so later statements win: a later ``term``, ``rule``, ``score``, ``cue``, ``calibration``,
``limit guard`` or ``week starts`` replaces an earlier one. Lists (synonym words, categorical
values, benign and ignored filters, notes) accumulate without duplicates. The including file's
header names the result; an included file's header only has to be there.

A word means one thing: giving one word to two columns (``synonym``), or to two values
(``value``), is an error that names both lines. A file included twice (a diamond of includes)
applies at its first include only, so every file is read and compiled at most once per compile.

After the last statement the whole result is checked: bands strictly ordered, filter and
verdict scores ordered as their meanings are, confidence tiers monotone, verdict cut points
ordered (:func:`stef_core.ruleset_checks.scoring_problems`); each problem points at the
statement that set the offending key last.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from pydantic import ValidationError

from stef_core.dsl import ast
from stef_core.dsl.errors import Diagnostic
from stef_core.dsl.parser import parse_text
from stef_core.errors import RulesError, RulesFileError
from stef_core.models import (
    BANDS,
    FILTER_STATUSES,
    LEXICON_MEANINGS,
    VERDICT_LABELS,
    Bands,
    ConfidenceTier,
    FilterScores,
    Ruleset,
    Scoring,
    VerdictCuts,
    VerdictScores,
    field_range,
)
from stef_core.periods import MONTHS, WEEKDAYS
from stef_core.registry import did_you_mean
from stef_core.ruleset_checks import (
    canonical_meaning,
    fold_word,
    is_condition,
    json_path,
    number_text,
    regular_file_problem,
    scoring_problems,
    sql_problem,
)
from stef_core.values import value_key

_SCORE_SECTIONS: dict[str, tuple[str, ...]] = {
    "filter": FILTER_STATUSES,
    "verdict": VERDICT_LABELS,
    "band": tuple(b for b in BANDS if b != "poor"),  # poor is everything below marginal
    "cut": tuple(v for v in VERDICT_LABELS if v != "incorrect"),  # incorrect: below them all
}
SCORE_KEYS: tuple[str, ...] = (
    *(f"{section}.{name}" for section, names in _SCORE_SECTIONS.items() for name in names),
    "bonus", "max_base", "confidence",
)
#: Inclusive bounds of each score key's value (read from the models, which state them), and
#: how an error names the kind of value.
_SCORE_RANGES: dict[str, tuple[float, float, str]] = {
    "filter": (*field_range(FilterScores, "fully_applied"), "a filter score"),
    "verdict": (*field_range(VerdictScores, "correct"), "a verdict score"),
    "band": (*field_range(Bands, "good"), "a band's lower bound"),
    "cut": (*field_range(VerdictCuts, "correct"), "a verdict cut point"),
    "bonus": (*field_range(Scoring, "bonus"), "the bonus"),
}
#: A confidence tier's threshold and factor.
_TIER_RANGE = field_range(ConfidenceTier, "threshold")
_ORDER_OPS = ("<", "<=", ">", ">=")
#: A ruleset file larger than this is refused before it is read (a .stef file is a few KiB;
#: this leaves room for generated vocabularies of 100,000 lines).
MAX_RULES_BYTES = 8 * 1024 * 1024

# Kept for callers of the old name; the check lives with the JSON checks now.
check_sql = sql_problem


@lru_cache(maxsize=1)
def installed_rule_ids() -> tuple[str, ...]:
    """Normalization rule ids of every installed plugin (built-ins included)."""
    from stef_core.registry import Registry

    return tuple(sorted(Registry.discover().rule_ids()))


def read_rules_text(path: Path) -> str:
    """Read a ruleset safely: a regular file only (never a FIFO or a device, which would hang
    or never end), at most :data:`MAX_RULES_BYTES`, UTF-8 text without NUL bytes."""
    from stef_core.files import FileReadError, read_small_text

    try:
        return read_small_text(str(path), limit=MAX_RULES_BYTES, what="ruleset")
    except FileReadError as exc:
        raise RulesFileError(str(exc)) from None


@dataclass(frozen=True)
class _Where:
    """Where a statement set something, for errors that point at it later or name it."""

    seq: int  # statement order over the whole compile
    order: int  # file order
    file: str
    span: ast.Span
    text: str  # the source line

    def ref(self, here: str) -> str:
        return f"line {self.span.line}" if self.file == here else f"{self.file}:{self.span.line}"


class _Report(Protocol):
    def __call__(self, span: ast.Span, message: str, expected: str | None = None) -> None: ...


@dataclass(frozen=True)
class _Site:
    """Where statements are being compiled: how to report an error there, how to record where
    a statement set something, the file's name and its folder (paths are relative to it)."""

    error: _Report
    where: Any
    source: str
    base_dir: Path


@dataclass
class _Category:
    explicit: dict[str, tuple[ast.Scalar, _Where]] = field(default_factory=dict)
    implicit: dict[str, ast.Scalar] = field(default_factory=dict)
    # word as written -> (value key, value as written, where the value was named)
    words: dict[str, tuple[str, ast.Scalar, _Where]] = field(default_factory=dict)


@dataclass
class _State:
    """R_app under construction; statements write into it in order."""

    name: str | None = None
    version: int = 1
    synonyms: dict[str, dict[str, None]] = field(default_factory=dict)
    terms: dict[str, str] = field(default_factory=dict)
    predicates: dict[str, str] = field(default_factory=dict)
    categories: dict[str, _Category] = field(default_factory=dict)
    benign: dict[str, dict[str, Any]] = field(default_factory=dict)
    ignored: dict[str, None] = field(default_factory=dict)
    limit_guard: int | None = None
    week_start: str | None = None
    year_start: str | None = None
    rules: dict[str, bool] = field(default_factory=dict)
    scores: dict[str, dict[str, float]] = field(default_factory=dict)
    top_scores: dict[str, float] = field(default_factory=dict)
    tiers: dict[float, float] = field(default_factory=dict)
    lexicon: dict[str, dict[str, str]] = field(default_factory=dict)
    calibration: str | None = None
    notes: dict[str, None] = field(default_factory=dict)
    # (kind, folded word) -> (its meaning, how a message names it, where it was given); the
    # kind is "column" (a synonym) or "value" (a value word): a word may name one column and
    # one value, the place it is said in a question tells which (see :meth:`claim`)
    meanings: dict[tuple[str, str], tuple[tuple[str, ...], str, _Where]] = field(
        default_factory=dict)
    # folded declared value -> [(column, where)]
    declared: dict[str, list[tuple[str, _Where]]] = field(default_factory=dict)
    # folded phrase of a condition term -> where it was defined (last definition)
    conditions: dict[str, _Where] = field(default_factory=dict)
    # score key as the language spells it -> the statement that set it last
    set_at: dict[str, _Where] = field(default_factory=dict)

    def scoring(self) -> dict[str, Any]:
        scoring: dict[str, Any] = dict(self.top_scores)
        for section, attr in (("filter", "filter"), ("verdict", "verdict"), ("band", "bands"),
                              ("cut", "verdict_cuts")):
            if self.scores.get(section):
                scoring[attr] = self.scores[section]
        if self.tiers:
            tiers = {t.threshold: t.factor for t in Scoring().confidence_tiers}
            tiers.update(self.tiers)
            scoring["confidence_tiers"] = [
                {"threshold": t, "factor": f} for t, f in sorted(tiers.items(), reverse=True)
            ]
        return scoring

    def data(self) -> dict[str, Any]:
        categories: dict[str, Any] = {}
        for column, cat in self.categories.items():
            spelled = {k: v for k, (v, _) in cat.explicit.items()} or cat.implicit
            categories[column] = {
                "values": list(spelled.values()),
                "words": {w: spelled.get(k, v) for w, (k, v, _) in cat.words.items()},
            }
        out: dict[str, Any] = {
            "name": self.name or "default",
            "version": self.version,
            "synonyms": {c: list(w) for c, w in self.synonyms.items() if w},
            "terms": self.terms,
            "predicates": self.predicates,
            "categories": categories,
            "benign_filters": list(self.benign.values()),
            "ignored_filters": list(self.ignored),
            "rules": self.rules,
            "scoring": self.scoring(),
            "notes": list(self.notes),
            "lexicon": self.lexicon,
            "calibration": self.calibration,
        }
        if self.limit_guard is not None:
            out["limit_guard"] = self.limit_guard
        if self.week_start is not None:
            out["week_start"] = self.week_start
        if self.year_start is not None:
            out["year_start"] = self.year_start
        return out


def _scalar(value: ast.Value) -> ast.Scalar:
    """A categorical value's data (the grammar allows no lists there)."""
    assert not isinstance(value.data, list)
    return value.data


def _render(value: ast.Scalar) -> str:
    from stef_core.dsl.formatter import render_scalar

    return render_scalar(value)


class _Compiler:
    def __init__(self, rule_ids: tuple[str, ...] | None) -> None:
        self.rule_ids = rule_ids
        self.state = _State()
        self.diags: list[tuple[int, Diagnostic]] = []
        self.warnings: list[tuple[int, Diagnostic]] = []
        self.file_order: dict[str, int] = {}
        self.done: set[Path] = set()  # files compiled (or being compiled) in this compile
        self.seq = 0
        self.root = ""

    # ---- files ---------------------------------------------------------------------------

    def run_file(self, parsed: ast.ParsedFile, syntax: list[Diagnostic], source: str,
                 base_dir: Path, stack: tuple[Path, ...], root: bool) -> None:
        order = self.file_order.setdefault(source, len(self.file_order))
        for d in syntax:
            self.diags.append((order, d))
        lines = {ln.number: ln.text for ln in parsed.lines}

        def error(span: ast.Span, message: str, expected: str | None = None) -> None:
            self.diags.append((order, Diagnostic(
                source, span.line, span.column, message, lines.get(span.line, ""),
                span.end_column, expected)))

        def where(span: ast.Span) -> _Where:
            self.seq += 1
            return _Where(self.seq, order, source, span, lines.get(span.line, ""))

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
                self.statement(st, _Site(error, where, source, base_dir))

    def include(self, st: ast.Include, error: _Report, source: str, base_dir: Path,
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
        try:
            resolved = target.resolve()
        except (OSError, RuntimeError):  # a symlink loop
            error(st.path_span, f"cannot include {st.path!r}: a symbolic link loop",
                  "a .stef file")
            return
        if resolved.suffix != ".stef":
            # A link named *.stef to /etc/passwd: refuse it without reading a byte of it.
            error(st.path_span, f"cannot include {st.path!r}: it links to a file that is not a "
                  ".stef ruleset", "a .stef file")
            return
        if resolved in stack:
            chain = [p.name for p in stack[stack.index(resolved):]] + [resolved.name]
            error(st.path_span, "include cycle: " + " -> ".join(chain),
                  "an include graph without cycles")
            return
        if resolved in self.done:
            return  # already applied once in this compile (a diamond of includes)
        try:
            text = read_rules_text(target)
        except RulesFileError as exc:
            expected = (f"a path relative to the folder of {source}" if str(exc) == "no such file"
                        else "a regular UTF-8 .stef file")
            error(st.path_span, f"cannot include {st.path!r}: {exc}", expected)
            return
        parsed, syntax = parse_text(text, str(target))
        content = [ln for ln in parsed.lines if ln.statement is not None or not ln.ok]
        if not content or not content[0].ok or not isinstance(content[0].statement, ast.Header):
            # Not a ruleset at all: say so here, and never echo the other file's lines.
            error(st.path_span, f"cannot include {st.path!r}: not a STEF ruleset (it does not "
                  "start with a ruleset header)", 'a .stef file starting with ruleset "<name>"')
            return
        self.done.add(resolved)
        self.run_file(parsed, syntax, str(target), target.parent, (*stack, resolved), root=False)

    # ---- statements ----------------------------------------------------------------------

    def header(self, st: ast.Header, error: _Report, root: bool) -> None:
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

    def claim(self, text: str, meaning: tuple[str, ...], describe: str, span: ast.Span,
              error: _Report, where: Any, source: str) -> bool:
        """Give ``text`` one meaning of its kind; a second, different one is an error naming
        both. A column's synonym and a value's word are two kinds: a word may be both ("refund"
        the column ``refund_amt`` and ``txn_type = 'REFUND'``), because the question tells
        which it means by where it says it (grouped or ranked by, "by refund", "top 5 reps":
        the column, the value then only perhaps asked; anywhere else the value). Two columns,
        or two values, for one word the question cannot tell apart."""
        key = (meaning[0], fold_word(text))
        held = self.state.meanings.get(key)
        if held is None:
            self.state.meanings[key] = (meaning, describe, where(span))
            return True
        if held[0] == meaning:
            return True
        error(span, f"{text!r} is given two meanings: {describe} here, {held[1]} on "
              f"{held[2].ref(source)}",
              "one meaning per word; remove it from one of the two statements")
        return False

    def statement(self, st: ast.Statement, at: _Site) -> None:
        """Compile one statement by its kind (:data:`_STATEMENTS`); header and include are the
        file's (:meth:`run_file`)."""
        compile_it = _STATEMENTS.get(type(st))
        if compile_it is not None:
            compile_it(self, st, at)

    def synonym(self, st: ast.Synonym, at: _Site) -> None:
        if not st.column:
            return
        bucket = self.state.synonyms.setdefault(st.column, {})
        for word in st.words:
            if not word.text.strip():
                at.error(word.span, "empty synonym", "a word or a quoted phrase")
                continue
            if self.claim(word.text, ("column", st.column.lower()), f"column {st.column}",
                          word.span, at.error, at.where, at.source):
                bucket[word.text] = None

    def benign(self, st: ast.Benign, at: _Site) -> None:
        if check_benign(st, at.error):
            entry = {"column": st.column, "op": st.op, "value": st.value.data}
            self.state.benign.setdefault(repr(sorted(entry.items())), entry)

    def ignore(self, st: ast.Ignore, at: _Site) -> None:
        self.state.ignored[st.column] = None

    def limit_guard(self, st: ast.LimitGuard, at: _Site) -> None:
        v = st.value
        if v.kind != "number" or not isinstance(v.data, int) or v.data < 1:
            at.error(v.span, f"limit guard must be a whole number >= 1, got {v.describe()}",
                     "a whole number, e.g. limit guard >= 1000")
        else:
            self.state.limit_guard = v.data

    def week_start(self, st: ast.WeekStart, at: _Site) -> None:
        day = st.day.casefold()
        if day not in WEEKDAYS:
            at.error(st.day_span, f"unknown weekday {st.day!r}{did_you_mean(day, list(WEEKDAYS))}",
                     "a weekday: " + ", ".join(WEEKDAYS))
        else:
            self.state.week_start = day

    def year_start(self, st: ast.YearStart, at: _Site) -> None:
        word = st.month.casefold()
        month = next((m for m in MONTHS if m == word or m[:3] == word), None)
        if month is None:
            at.error(st.month_span,
                     f"unknown month {st.month!r}{did_you_mean(word, list(MONTHS))}",
                     "a month: " + ", ".join(MONTHS))
        else:
            self.state.year_start = month

    def rule_switch(self, st: ast.RuleSwitch, at: _Site) -> None:
        known = self.rule_ids if self.rule_ids is not None else installed_rule_ids()
        if st.rule_id not in known:
            at.error(st.id_span,
                     f"unknown rule id {st.rule_id!r}{did_you_mean(st.rule_id, list(known))}",
                     "a rule id: " + ", ".join(sorted(known)))
        else:
            self.state.rules[st.rule_id] = st.enabled

    def note(self, st: ast.Note, at: _Site) -> None:
        if not st.text.strip():
            at.error(st.text_span, "empty note", "a sentence for the judge")
        else:
            self.state.notes[st.text] = None

    def values(self, st: ast.Values, at: _Site) -> None:
        error, where, source = at.error, at.where, at.source
        cat = self.state.categories.setdefault(st.column, _Category())
        for v in st.values:
            data = _scalar(v)
            if isinstance(data, str) and not data.strip():
                error(v.span, "empty value", "a value as the SQL spells it, e.g. 'open'")
                continue
            key = value_key(data)
            held = cat.explicit.get(key)
            if held is not None:
                here = where(v.span)
                self.warnings.append((here.order, Diagnostic(
                    source, v.span.line, v.span.column,
                    f"warning: value {_render(data)} of {st.column} is already declared on "
                    f"{held[1].ref(source)}", here.text, v.span.end_column, "each value once")))
                continue
            w = where(v.span)
            cat.explicit[key] = (data, w)
            self.state.declared.setdefault(key, []).append((st.column, w))

    def value_words(self, st: ast.ValueWords, at: _Site) -> None:
        error, where, source = at.error, at.where, at.source
        cat = self.state.categories.setdefault(st.column, _Category())
        v = st.value
        data = _scalar(v)
        if isinstance(data, str) and not data.strip():
            error(v.span, "empty value", "a value as the SQL spells it, e.g. 'urgent'")
            return
        key = value_key(data)
        named = where(v.span)
        for word in st.words:
            if not word.text.strip():
                error(word.span, "empty word", "a word or a quoted phrase")
                continue
            if self.claim(word.text, ("value", st.column.lower(), key),
                          f"{st.column} = {_render(data)}", word.span, error, where, source):
                cat.words[word.text] = (key, data, named)
        cat.implicit.setdefault(key, data)

    def term(self, st: ast.Term, at: _Site) -> None:
        error, where = at.error, at.where
        s = self.state
        ok = True
        if not st.phrase.strip():
            error(st.phrase_span, "empty term phrase", 'a phrase, e.g. "revenue"')
            ok = False
        problem = sql_problem(st.sql)
        if problem is not None:
            message, start, end = problem
            col = st.sql_span.column
            error(ast.Span(st.span.line, col + start, col + end),
                  f"term SQL is {message}" if message.startswith("nested") else
                  f"term SQL does not parse: {message}",
                  "one SQL expression, e.g. SUM(price * quantity) or tier = 'gold'")
            ok = False
        if not ok:
            return
        # A condition is a requirement; anything else is the metric the phrase names.
        s.terms.pop(st.phrase, None)
        s.predicates.pop(st.phrase, None)
        s.conditions.pop(fold_word(st.phrase), None)
        if is_condition(st.sql):
            s.predicates[st.phrase] = st.sql
            s.conditions[fold_word(st.phrase)] = where(st.phrase_span)
        else:
            s.terms[st.phrase] = st.sql

    def cue(self, st: ast.Cue, at: _Site) -> None:
        error = at.error
        concept = st.concept.lower()
        concepts = list(LEXICON_MEANINGS)
        if concept not in LEXICON_MEANINGS:
            error(st.concept_span,
                  f"unknown cue concept {st.concept!r}{did_you_mean(concept, concepts)}",
                  "one of " + ", ".join(concepts))
            return
        if not st.phrase.strip():
            error(st.phrase_span, "empty cue phrase", 'a word or phrase, e.g. "tally"')
            return
        meaning = canonical_meaning(concept, st.meaning)
        allowed = LEXICON_MEANINGS[concept]
        if meaning is None:
            folded = {a.casefold(): a for a in allowed}
            close = did_you_mean(st.meaning.casefold(), list(folded))
            hint = ""
            if close:  # name the allowed spelling, not the folded one
                hint = f" (did you mean {folded[close.split(chr(39))[1]]!r}?)"
            error(st.meaning_span, f"{st.meaning!r} is not a meaning of {concept}{hint}",
                  f"one of {', '.join(allowed)}")
            return
        self.state.lexicon.setdefault(concept, {})[st.phrase] = meaning

    def calibration(self, st: ast.Calibration, at: _Site) -> None:
        error, source, base_dir = at.error, at.source, at.base_dir
        if not st.path.strip():
            error(st.path_span, "empty calibration path",
                  'a path relative to this file, e.g. "calibration.json"')
            return
        target = base_dir / st.path
        if target.suffix.lower() != ".json":
            error(st.path_span, f"cannot use calibration {st.path!r}: a calibration is a .json "
                  "file", "a .json file written by stef calibrate")
            return
        problem = regular_file_problem(target)
        if problem is not None:
            error(st.path_span, f"cannot use calibration {st.path!r}: {problem}",
                  f"a .json file relative to the folder of {source}")
            return
        self.state.calibration = str(target.resolve())

    def score(self, st: ast.ScoreSet, at: _Site) -> None:
        error, where = at.error, at.where
        s = self.state
        if st.key not in SCORE_KEYS:
            error(st.key_span,
                  f"unknown score {st.key!r}{did_you_mean(st.key, list(SCORE_KEYS))}",
                  "one of " + ", ".join(SCORE_KEYS))
            return
        v = st.value
        number = v.number()
        if number is None:
            error(v.span, f"a score must be a number, got {v.describe()}", "a number, e.g. 4.5")
            return
        if st.key == "confidence":
            t = st.threshold
            if t is None:
                error(st.key_span, "score confidence needs a threshold",
                      "score confidence <threshold> = <factor>, e.g. score confidence 0.85 = 1.0")
                return
            low, high = _TIER_RANGE
            between, span = f"between {number_text(low)} and {number_text(high)}", (
                f"a number from {number_text(low)} to {number_text(high)}")
            threshold = t.number()
            bad = False
            if threshold is None or not low <= threshold <= high:
                error(t.span, f"a confidence threshold is {between}, got {t.describe()}", span)
                bad = True
            if not low <= number <= high:
                error(v.span, f"a confidence factor is {between}, got {v.describe()}", span)
                bad = True
            if not bad and threshold is not None:
                s.tiers[threshold] = number
                s.set_at[f"confidence {number_text(threshold)}"] = where(v.span)
            return
        if st.threshold is not None:
            error(st.threshold.span, f"score {st.key} takes no threshold",
                  f"score {st.key} = <n>")
            return
        section = st.key.split(".", 1)[0]
        if section in _SCORE_RANGES:
            low, high, label = _SCORE_RANGES[section]
            if not low <= number <= high:
                error(v.span, f"{label} is between {number_text(low)} and {number_text(high)}, "
                      f"got {v.describe()}",
                      f"a number from {number_text(low)} to {number_text(high)}")
                return
        if st.key == "max_base" and number <= 0:
            error(v.span, f"max_base must be above 0, got {v.describe()}", "a number above 0")
            return
        if "." in st.key:
            section, name = st.key.split(".", 1)
            s.scores.setdefault(section, {})[name] = number
        else:
            s.top_scores[st.key] = number
        s.set_at[st.key] = where(v.span)

    # ---- whole-result checks -------------------------------------------------------------

    def finish(self) -> None:
        """Checks that need every statement: declared values against value words, words
        against declared values, and the orderings of the scoring constants."""
        s = self.state

        def error_at(w: _Where, message: str, expected: str | None) -> None:
            self.diags.append((w.order, Diagnostic(
                w.file, w.span.line, w.span.column, message, w.text, w.span.end_column,
                expected)))

        for column, cat in s.categories.items():
            if not cat.explicit:
                continue
            declared = [v for v, _ in cat.explicit.values()]
            first = next(iter(cat.explicit.values()))[1]
            # One error per `value` statement naming an undeclared value, not one per word.
            for key, value, w in {e[2].seq: e for e in cat.words.values()}.values():
                if key in cat.explicit:
                    continue
                names = [str(v) for v in declared]
                hint = did_you_mean(str(value), names)
                error_at(w, f"{_render(value)} is not a declared value of {column}{hint}",
                         "one of " + ", ".join(_render(v) for v in declared)
                         + f" (values {column} on {first.ref(w.file)})")
        for (kind, word), (meaning, describe, w) in s.meanings.items():
            if kind != "value":
                continue  # a declared value's word may name a column too (see claim)
            for column, dw in s.declared.get(word, ()):
                if meaning != ("value", column.lower(), word):
                    error_at(w, f"{word!r} is given two meanings: {describe} here, a value of "
                             f"{column} on {dw.ref(w.file)}",
                             "one meaning per word; remove it from one of the two statements")
                    break
        # A condition's phrase is a requirement of its own: it may not also mean a value.
        for phrase, w in s.conditions.items():
            held = s.meanings.get(("value", phrase))
            other: str | None = None
            if held is not None and held[0][0] == "value":
                other = f"{held[1]} on {held[2].ref(w.file)}"
            elif phrase in s.declared:
                column, dw = s.declared[phrase][0]
                other = f"a value of {column} on {dw.ref(w.file)}"
            if other is not None:
                error_at(w, f"{phrase!r} is given two meanings: a condition term here, {other}",
                         "one meaning per word; remove it from one of the two statements")
        try:
            scoring = Scoring.model_validate(s.scoring())
        except ValidationError:
            return  # every value was range-checked at its statement; nothing to add
        for problem in scoring_problems(scoring):
            setters = [s.set_at[k] for k in problem.keys if k in s.set_at]
            if not setters:
                continue
            error_at(max(setters, key=lambda w: w.seq), problem.message, problem.expected)

    # ---- result --------------------------------------------------------------------------

    def diagnostics(self) -> list[Diagnostic]:
        ordered = sorted(self.diags, key=lambda od: (od[0], od[1].sort_key()))
        return [d for _, d in ordered]

    def warning_blocks(self) -> list[str]:
        ordered = sorted(self.warnings, key=lambda od: (od[0], od[1].sort_key()))
        return [d.render() for _, d in ordered]


#: How each statement compiles, by its type: a new statement of the language is one line here
#: and one method (header and include are the file's, see :meth:`_Compiler.run_file`).
_STATEMENTS: dict[type[ast.Statement], Callable[[_Compiler, Any, _Site], None]] = {
    ast.Synonym: _Compiler.synonym,
    ast.Values: _Compiler.values,
    ast.ValueWords: _Compiler.value_words,
    ast.Term: _Compiler.term,
    ast.Benign: _Compiler.benign,
    ast.Ignore: _Compiler.ignore,
    ast.LimitGuard: _Compiler.limit_guard,
    ast.WeekStart: _Compiler.week_start,
    ast.YearStart: _Compiler.year_start,
    ast.RuleSwitch: _Compiler.rule_switch,
    ast.ScoreSet: _Compiler.score,
    ast.Cue: _Compiler.cue,
    ast.Calibration: _Compiler.calibration,
    ast.Note: _Compiler.note,
}


def check_benign(st: ast.Benign, error: _Report) -> bool:
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


def compile_text(
    text: str,
    source_name: str = "<rules>",
    *,
    base_dir: str | Path | None = None,
    rule_ids: list[str] | tuple[str, ...] | None = None,
    warnings: list[str] | None = None,
    sources: list[str] | None = None,
) -> Ruleset:
    """Compile ``.stef`` text to R_app.

    Args:
        text: the ruleset source.
        source_name: the file name errors print.
        base_dir: where ``include`` and ``calibration`` paths start; defaults to the folder of
            ``source_name``.
        rule_ids: known normalization rule ids; defaults to every installed plugin's.
        warnings: when given, harmless oddities (a value declared twice) are appended to it,
            each a rendered block like an error's.
        sources: when given, the files read (``source_name`` and every include) are appended.

    Raises:
        RulesError: with every problem found, each a rendered block.

    >>> compile_text('ruleset "demo"\\nlimit guard >= 500').limit_guard
    500
    """
    if base_dir is None:
        base_dir = Path(source_name).parent if not source_name.startswith("<") else Path(".")
    comp = _Compiler(tuple(rule_ids) if rule_ids is not None else None)
    start = Path(source_name).resolve() if not source_name.startswith("<") else None
    if start is not None:
        comp.done.add(start)
    parsed, syntax = parse_text(text, source_name)
    comp.root = source_name
    comp.run_file(parsed, syntax, source_name, Path(base_dir), (start,) if start else (),
                  root=True)
    comp.finish()
    if warnings is not None:
        warnings.extend(comp.warning_blocks())
    if sources is not None:
        sources.extend(str(p) for p in sorted(comp.done))
    diags = comp.diagnostics()
    if diags:
        raise RulesError([d.render() for d in diags])
    try:
        return Ruleset.model_validate(comp.state.data())
    except ValidationError as exc:  # every value is checked above; this is a safety net
        raise RulesError([f"{source_name}: {json_path(e['loc'])}: {e['msg']}"
                          for e in exc.errors()]) from None


def compile_file(
    path: str | Path,
    *,
    rule_ids: list[str] | tuple[str, ...] | None = None,
    warnings: list[str] | None = None,
    sources: list[str] | None = None,
) -> Ruleset:
    """Compile a ``.stef`` file (and its includes) to R_app; errors name ``path`` as given."""
    p = Path(path)
    try:
        text = read_rules_text(p)
    except RulesFileError as exc:
        if str(exc) == "no such file":
            raise RulesError([f"{path}: no such rules file"]) from None
        raise RulesError([f"{path}: cannot read: {exc}"]) from None
    return compile_text(text, str(path), base_dir=p.parent, rule_ids=rule_ids,
                        warnings=warnings, sources=sources)


def ruleset_json(ruleset: Ruleset) -> str:
    """The compiled R_app as committed next to a ``.stef`` file (stable key order)."""
    import json

    return json.dumps(ruleset.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
