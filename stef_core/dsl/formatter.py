"""Canonical formatting (``stef rules fmt``) and writing R_app back out as ``.stef``.

Canonical form: lower-case keywords, upper-case word operators (IN, LIKE, IS), one space between
tokens, ``, `` between list items and synonym words, comments kept (two spaces before a trailing
one), at most one blank line in a row, none at either end, a final newline. Values keep their
meaning exactly; SQL in ``term`` keeps its text (only the ends are trimmed).
"""

from __future__ import annotations

import re

from stef_core.dsl import ast
from stef_core.models import Ruleset, Scoring

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


def quote_double(text: str) -> str:
    """``a "b"`` -> ``"a \\"b\\""``."""
    escaped = (text.replace("\\", "\\\\").replace('"', '\\"')
               .replace("\n", "\\n").replace("\t", "\\t"))
    return f'"{escaped}"'


def quote_single(text: str) -> str:
    """``it's`` -> ``'it''s'``."""
    return "'" + text.replace("'", "''") + "'"


def render_number(number: float | int) -> str:
    if isinstance(number, bool):
        raise TypeError("a bool is not a number")
    return str(number) if isinstance(number, int) else repr(float(number))


def render_scalar(value: ast.Scalar) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return render_number(value)
    return quote_single(value)


def render_value(value: ast.Scalar | list[ast.Scalar]) -> str:
    """A benign-filter value: ``*`` (any), a list, or a scalar."""
    if isinstance(value, list):
        return "(" + ", ".join(render_scalar(v) for v in value) + ")"
    if value == "*":
        return "*"
    return render_scalar(value)


def _word(text: str) -> str:
    return text if _NAME.fullmatch(text) else quote_double(text)


def render_category_value(value: ast.Scalar) -> str:
    """A categorical value: bare when it is a name (``urgent``), else a number or quoted."""
    if isinstance(value, str) and _NAME.fullmatch(value):
        return value
    return render_scalar(value)


def render_statement(st: ast.Statement) -> str:
    """One statement in canonical form."""
    if isinstance(st, ast.Header):
        version = f" version {_ast_value(st.version)}" if st.version is not None else ""
        return f"ruleset {quote_double(st.name)}{version}"
    if isinstance(st, ast.Include):
        return f"include {quote_double(st.path)}"
    if isinstance(st, ast.Synonym):
        return f"synonym {st.column} = " + ", ".join(_word(w.text) for w in st.words)
    if isinstance(st, ast.Values):
        return f"values {st.column} = " + ", ".join(
            render_category_value(v.scalar()) for v in st.values)
    if isinstance(st, ast.ValueWords):
        return (f"value {st.column} {render_category_value(st.value.scalar())} = "
                + ", ".join(_word(w.text) for w in st.words))
    if isinstance(st, ast.Term):
        return f"term {quote_double(st.phrase)} = {st.sql.strip()}"
    if isinstance(st, ast.Benign):
        return f"benign filter {st.column} {st.op} {_ast_value(st.value)}"
    if isinstance(st, ast.Ignore):
        return f"ignore filter {st.column}"
    if isinstance(st, ast.LimitGuard):
        return f"limit guard >= {_ast_value(st.value)}"
    if isinstance(st, ast.WeekStart):
        return f"week starts {st.day.lower()}"
    if isinstance(st, ast.YearStart):
        return f"year starts {st.month.lower()}"
    if isinstance(st, ast.RuleSwitch):
        return f"rule {st.rule_id} {'on' if st.enabled else 'off'}"
    if isinstance(st, ast.ScoreSet):
        threshold = f" {_ast_value(st.threshold)}" if st.threshold is not None else ""
        return f"score {st.key}{threshold} = {_ast_value(st.value)}"
    if isinstance(st, ast.Cue):
        from stef_core.ruleset_checks import canonical_meaning

        meaning = canonical_meaning(st.concept.lower(), st.meaning) or st.meaning
        return f"cue {st.concept.lower()} {quote_double(st.phrase)} = {meaning}"
    if isinstance(st, ast.Calibration):
        return f"calibration {quote_double(st.path)}"
    if isinstance(st, ast.Note):
        return f"note {quote_double(st.text)}"
    raise AssertionError(f"no renderer for {type(st).__name__}")


def _ast_value(value: ast.Value) -> str:
    if value.kind == "any":
        return "*"
    if value.kind == "list":
        return "(" + ", ".join(_ast_value(item) for item in value.items) + ")"
    return render_scalar(value.scalar())


def format_text(text: str, source_name: str = "<rules>") -> str:
    """The canonical form of ``.stef`` text; raises ``RulesError`` when it does not parse.

    >>> format_text('RULESET "x"   version 2\\n\\n\\nBenign Filter a in (1,2)  #why\\n')
    'ruleset "x" version 2\\n\\nbenign filter a IN (1, 2)  #why\\n'
    """
    from stef_core.dsl.parser import parse_text
    from stef_core.errors import RulesError

    parsed, diags = parse_text(text, source_name)
    if diags:
        raise RulesError([d.render() for d in diags])
    out: list[str] = []
    for line in parsed.lines:
        if line.statement is None and line.comment is None:
            if out and out[-1] != "":
                out.append("")
            continue
        parts = []
        if line.statement is not None:
            parts.append(render_statement(line.statement))
        if line.comment is not None:
            parts.append(line.comment)
        out.append("  ".join(parts))
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def ruleset_to_stef(ruleset: Ruleset) -> str:
    """Write R_app as ``.stef`` source that compiles back to an equal ruleset.

    Only what differs from the defaults is written (confidence tiers are merged by threshold,
    so the default tiers are always present in the compiled result).
    """
    defaults = Ruleset()
    lines = [f"ruleset {quote_double(ruleset.name)} version {ruleset.version}"]
    for column, words in ruleset.synonyms.items():
        if words:
            lines.append(f"synonym {column} = " + ", ".join(_word(w) for w in words))
    for column, cat in ruleset.categories.items():
        if cat.values:
            lines.append(f"values {column} = "
                         + ", ".join(render_category_value(v) for v in cat.values))
        by_value: dict[str, list[str]] = {}
        spelled: dict[str, ast.Scalar] = {}
        for word, value in cat.words.items():
            by_value.setdefault(repr(value), []).append(word)
            spelled[repr(value)] = value
        for key, words in by_value.items():
            lines.append(f"value {column} {render_category_value(spelled[key])} = "
                         + ", ".join(_word(w) for w in words))
    for phrase, sql in ruleset.terms.items():
        lines.append(f"term {quote_double(phrase)} = {sql.strip()}")
    for phrase, sql in ruleset.predicates.items():
        lines.append(f"term {quote_double(phrase)} = {sql.strip()}")
    for b in ruleset.benign_filters:
        lines.append(f"benign filter {b.column} {b.op} {render_value(b.value)}")
    for column in ruleset.ignored_filters:
        lines.append(f"ignore filter {column}")
    if ruleset.limit_guard != defaults.limit_guard:
        lines.append(f"limit guard >= {ruleset.limit_guard}")
    if ruleset.week_start != defaults.week_start:
        lines.append(f"week starts {ruleset.week_start}")
    if ruleset.year_start != defaults.year_start:
        lines.append(f"year starts {ruleset.year_start}")
    for rule_id, enabled in ruleset.rules.items():
        lines.append(f"rule {rule_id} {'on' if enabled else 'off'}")
    lines.extend(_score_lines(ruleset.scoring))
    for concept, cues in ruleset.lexicon.items():
        for phrase, meaning in cues.items():
            lines.append(f"cue {concept} {quote_double(phrase)} = {meaning}")
    if ruleset.calibration is not None:
        lines.append(f"calibration {quote_double(ruleset.calibration)}")
    for note in ruleset.notes:
        lines.append(f"note {quote_double(note)}")
    return "\n".join(lines) + "\n"


def _score_lines(scoring: Scoring) -> list[str]:
    base = Scoring()
    out: list[str] = []
    for section, attr in (("filter", "filter"), ("verdict", "verdict"), ("band", "bands"),
                          ("cut", "verdict_cuts")):
        mine, theirs = getattr(scoring, attr), getattr(base, attr)
        for name in type(mine).model_fields:
            if getattr(mine, name) != getattr(theirs, name):
                out.append(f"score {section}.{name} = {render_number(getattr(mine, name))}")
    for name in ("bonus", "max_base"):
        if getattr(scoring, name) != getattr(base, name):
            out.append(f"score {name} = {render_number(getattr(scoring, name))}")
    default_tiers = {t.threshold: t.factor for t in base.confidence_tiers}
    for tier in scoring.confidence_tiers:
        if default_tiers.get(tier.threshold) != tier.factor:
            out.append(f"score confidence {render_number(tier.threshold)} = "
                       f"{render_number(tier.factor)}")
    return out
