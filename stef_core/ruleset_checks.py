"""Checks on R_app that the JSON Schema cannot state: orderings, cross-references, SQL.

The schema (generated from :mod:`stef_core.models`) already bounds every number (bands inside
0-100, filter and verdict scores inside 0-5, cut points inside 0-1). What needs two values at
once is checked here, once, for both ways of writing rules:

* the ``.stef`` compiler asks :func:`scoring_problems` and points at the statements that set
  the keys involved (``FILE:LINE:COL``, the line, a caret);
* compiled JSON given with ``--rules`` is checked by :func:`check_ruleset` and every problem
  carries its JSON path (``$.scoring.bands.good``).

>>> from stef_core.models import Scoring
>>> [p.message for p in scoring_problems(Scoring.model_validate({"bands": {"good": 95}}))]
['band.good (95) must be below band.excellent (90)']
"""

from __future__ import annotations

import re
import stat
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from stef_core.models import LEXICON_MEANINGS, Ruleset, Scoring

# Declared values compare under the key the aligner compares SQL and question values with.
from stef_core.values import value_key

#: Parentheses deeper than this in a term's SQL are refused before sqlglot reads them: its
#: recursive-descent parser runs out of Python stack at about 50 levels.
MAX_SQL_DEPTH = 32

_FILTER_ORDER = ("fully_applied", "fully_applied_with_extras", "partially_applied",
                 "not_applied")
_VERDICT_ORDER = ("correct", "likely_correct", "potentially_incorrect", "incorrect")
_BAND_ORDER = ("excellent", "good", "marginal")
_CUT_ORDER = ("correct", "likely_correct", "potentially_incorrect")
_WS = re.compile(r"\s+")


@dataclass(frozen=True)
class Problem:
    """One problem found in R_app.

    ``keys`` are the ``score`` keys involved, as the rule language spells them (``band.good``,
    ``confidence 0.65``); the compiler points at the statement that set the last of them.
    ``path`` is the JSON path of the value to change.
    """

    message: str
    path: str
    keys: tuple[str, ...] = ()
    expected: str | None = None


def number_text(value: float) -> str:
    """``90.0`` -> ``90``, ``0.5`` -> ``0.5``: how messages and keys spell a number."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def scoring_problems(scoring: Scoring) -> list[Problem]:
    """Orderings among the scoring constants: filter and verdict scores ordered as their
    meanings are, bands strictly ordered, confidence tiers monotone, verdict cuts ordered."""
    n = number_text
    out: list[Problem] = []
    for section, attr, order in (("filter", "filter", _FILTER_ORDER),
                                 ("verdict", "verdict", _VERDICT_ORDER)):
        scores = getattr(scoring, attr)
        for hi, lo in pairwise(order):
            a, b = getattr(scores, hi), getattr(scores, lo)
            if a < b:
                out.append(Problem(
                    f"{section}.{lo} ({n(b)}) must not be above {section}.{hi} ({n(a)})",
                    f"$.scoring.{attr}.{lo}", (f"{section}.{hi}", f"{section}.{lo}"),
                    " >= ".join(f"{section}.{k}" for k in order)))
    # Bands and verdict cuts are strictly ordered, highest first.
    strict: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
            ("band", "bands", _BAND_ORDER,
             "0 <= band.marginal < band.good < band.excellent <= 100"),
            ("cut", "verdict_cuts", _CUT_ORDER,
             "0 <= cut.potentially_incorrect < cut.likely_correct < cut.correct <= 1"))
    for name, field, ranks, expected in strict:
        bounds = getattr(scoring, field)
        for hi, lo in pairwise(ranks):
            a, b = getattr(bounds, hi), getattr(bounds, lo)
            if b >= a:
                out.append(Problem(
                    f"{name}.{lo} ({n(b)}) must be below {name}.{hi} ({n(a)})",
                    f"$.scoring.{field}.{lo}", (f"{name}.{hi}", f"{name}.{lo}"), expected))
    tiers = sorted(enumerate(scoring.confidence_tiers), key=lambda it: -it[1].threshold)
    for (_, upper), (i, lower) in pairwise(tiers):
        key_hi, key_lo = (f"confidence {number_text(upper.threshold)}",
                          f"confidence {number_text(lower.threshold)}")
        if upper.threshold == lower.threshold and upper.factor != lower.factor:
            out.append(Problem(
                f"two confidence tiers at threshold {number_text(lower.threshold)}",
                f"$.scoring.confidence_tiers[{i}].threshold", (key_lo,),
                "one factor per threshold"))
        elif lower.factor > upper.factor:
            out.append(Problem(
                f"confidence tier {n(lower.threshold)} has factor {n(lower.factor)}, "
                f"above the factor {n(upper.factor)} of tier {n(upper.threshold)}: "
                "a more confident judge must never count less",
                f"$.scoring.confidence_tiers[{i}].factor", (key_hi, key_lo),
                "factors that do not fall as the threshold rises"))
    return out


# --------------------------------------------------------------------------------------------
# SQL of terms and predicates
# --------------------------------------------------------------------------------------------


def nesting_problem(sql: str) -> tuple[str, int, int] | None:
    """``None``, or a message and the 0-based span of the first parenthesis nested deeper than
    :data:`MAX_SQL_DEPTH` (quoted strings and identifiers are skipped)."""
    depth = 0
    quote: str | None = None
    for i, ch in enumerate(sql):
        if quote:
            if ch == quote:
                quote = None
            continue
        if ch in "'\"`":
            quote = ch
        elif ch == "(":
            depth += 1
            if depth > MAX_SQL_DEPTH:
                return (f"nested too deeply: more than {MAX_SQL_DEPTH} levels of parentheses",
                        i, i + 1)
        elif ch == ")":
            depth = max(0, depth - 1)
    return None


def sql_problem(sql: str) -> tuple[str, int, int] | None:
    """``None`` when ``sql`` is one SQL expression sqlglot parses; else the message and the
    0-based span of the offending part."""
    import sqlglot
    from sqlglot.errors import ParseError, TokenError

    deep = nesting_problem(sql)
    if deep is not None:
        return deep
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
    except RecursionError:  # a safety net: nesting_problem refuses the usual cause first
        return "nested too deeply to read", 0, len(sql)
    if len(trees) != 1:
        return "a term is one SQL expression, not several statements", 0, len(sql)
    return None


def is_condition(sql: str) -> bool:
    """Is ``sql`` (already known to parse) a condition rather than a value?

    >>> is_condition("tier = 'gold'"), is_condition("churned_at IS NOT NULL")
    (True, True)
    >>> is_condition("SUM(price * quantity)")
    False
    """
    import sqlglot
    from sqlglot import exp

    try:
        tree = sqlglot.parse_one(sql)
    except Exception:  # not parseable: not a condition (sql_problem reports why)
        return False
    while isinstance(tree, exp.Paren):
        tree = tree.this
    return isinstance(tree, (exp.Predicate, exp.Connector, exp.Not))


# --------------------------------------------------------------------------------------------
# words, values, cues, calibration
# --------------------------------------------------------------------------------------------


def fold_word(text: str) -> str:
    """How words are compared for conflicts: case and whitespace folded."""
    return _WS.sub(" ", text).strip().casefold()


def canonical_meaning(concept: str, meaning: str) -> str | None:
    """The allowed spelling of ``meaning`` for ``concept`` (``count`` -> ``COUNT``, ``<>`` ->
    ``!=``), or None when it is not one of the concept's meanings."""
    allowed = LEXICON_MEANINGS.get(concept, ())
    text = "!=" if meaning.strip() == "<>" else meaning.strip()
    for option in allowed:
        if option.casefold() == text.casefold():
            return option
    return None


def regular_file_problem(path: Path) -> str | None:
    """Why ``path`` is not an existing regular file, or None."""
    try:
        mode = path.stat().st_mode  # follows symlinks: the target must be a regular file
    except FileNotFoundError:
        return "no such file"
    except OSError as exc:
        return f"cannot read it ({exc.strerror or exc})"
    if not stat.S_ISREG(mode):
        return "not a regular file"
    return None


def json_path(loc: tuple[Any, ...] | list[Any]) -> str:
    """``("benign_filters", 2, "op")`` -> ``$.benign_filters[2].op``."""
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def json_key(key: str) -> str:
    """One step of a JSON path: ``.name`` for identifiers, ``['two words']`` otherwise."""
    return f".{key}" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) else f"[{key!r}]"


def check_ruleset(
    ruleset: Ruleset, base_dir: Path | None = None, warnings: list[str] | None = None
) -> list[str]:
    """Every problem of compiled R_app that the schema cannot see, as ``$.path: message``.

    Args:
        ruleset: R_app that passed schema validation.
        base_dir: where a relative ``calibration`` path starts (the JSON file's folder).
        warnings: where harmless oddities (a value listed twice) go, when given.
    """
    out = [f"{p.path}: {p.message}" for p in scoring_problems(ruleset.scoring)]
    for phrase, sql in ruleset.terms.items():
        problem = sql_problem(sql)
        if problem is not None:
            out.append(f"$.terms{json_key(phrase)}: does not parse: {problem[0]}")
        elif is_condition(sql):
            out.append(f"$.terms{json_key(phrase)}: {sql!r} is a condition; conditions go under "
                       "predicates")
    for phrase, sql in ruleset.predicates.items():
        problem = sql_problem(sql)
        if problem is not None:
            out.append(f"$.predicates{json_key(phrase)}: does not parse: {problem[0]}")
        elif not is_condition(sql):
            out.append(f"$.predicates{json_key(phrase)}: {sql!r} is not a condition; metrics go "
                       "under terms")
    # One meaning per word and kind: one column a synonym names, one value of one column a
    # value word means. A word may be both (the question tells which by where it says it:
    # grouped or ranked by, the column; anywhere else, the value), as the DSL allows.
    columns: dict[str, tuple[str, str]] = {}  # folded word -> (meaning, path)
    meanings: dict[str, tuple[str, str]] = {}  # folded value word -> (meaning, path)
    for column, words in ruleset.synonyms.items():
        for i, word in enumerate(words):
            _claim(columns, out, fold_word(word), f"column {column}",
                   f"$.synonyms{json_key(column)}[{i}]")
    for column, cat in ruleset.categories.items():
        keys = {value_key(v) for v in cat.values}
        seen: set[str] = set()
        for i, v in enumerate(cat.values):
            if value_key(v) in seen and warnings is not None:
                warnings.append(f"$.categories{json_key(column)}.values[{i}]: warning: value "
                                f"{v!r} is listed twice")
            seen.add(value_key(v))
        for word, value in cat.words.items():
            path = f"$.categories{json_key(column)}.words{json_key(word)}"
            if keys and value_key(value) not in keys:
                out.append(f"{path}: {value!r} is not one of the values of {column}: "
                           + ", ".join(repr(v) for v in cat.values))
            if value_key(word) in keys and value_key(word) != value_key(value):
                out.append(f"{path}: {word!r} is itself a value of {column}")
            _claim(meanings, out, fold_word(word), f"{column} = {value!r}", path)
    for phrase in ruleset.predicates:
        path = f"$.predicates{json_key(phrase)}"
        held = meanings.get(fold_word(phrase))
        if held is not None:
            out.append(f"{path}: {phrase!r} already means {held[0]} ({held[1]}); a word means "
                       "one thing")
        for column, cat in ruleset.categories.items():
            if fold_word(phrase) in {value_key(v) for v in cat.values}:
                out.append(f"{path}: {phrase!r} is a value of {column}; a word means one thing")
    for concept, cues in ruleset.lexicon.items():
        if concept not in LEXICON_MEANINGS:
            from stef_core.registry import did_you_mean

            out.append(f"$.lexicon{json_key(concept)}: unknown concept {concept!r}"
                       f"{did_you_mean(concept, list(LEXICON_MEANINGS))}; one of "
                       + ", ".join(LEXICON_MEANINGS))
            continue
        for phrase, meaning in cues.items():
            if canonical_meaning(concept, meaning) is None:
                out.append(f"$.lexicon{json_key(concept)}{json_key(phrase)}: {meaning!r} is not "
                           f"a meaning of {concept}; one of "
                           + ", ".join(LEXICON_MEANINGS[concept]))
    if ruleset.calibration is not None:
        file = Path(ruleset.calibration)
        if not file.is_absolute() and base_dir is not None:
            file = base_dir / file
        unusable = regular_file_problem(file)
        if unusable is not None:
            out.append(f"$.calibration: cannot use {ruleset.calibration!r}: {unusable}")
    return out


def _claim(meanings: dict[str, tuple[str, str]], out: list[str], word: str, meaning: str,
           path: str) -> None:
    held = meanings.get(word)
    if held is None:
        meanings[word] = (meaning, path)
    elif held[0] != meaning:
        out.append(f"{path}: {word!r} already means {held[0]} ({held[1]}); a word means one "
                   "thing")
