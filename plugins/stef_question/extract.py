"""Question -> :class:`QuestionSpec`: what the words ask for.

The user's question is read with small, explainable patterns (aggregation words, top-k,
grouping, requested order, comparatives, quoted and proper-name values). The enriched question
is stronger evidence: the agent's reformulation, or a BIRD-style hint, often carries SQL-like
fragments (``status = 'active'``, ``rate = A / B``, ``MAX(price)``), which are parsed with
sqlglot by the same code that reads the SQL, so both sides normalize identically.

>>> spec = extract_question("How many orders over 100 were placed by 'ACME' per region?", None)
>>> spec.aggregations, spec.group_by, [(f.op, f.value) for f in spec.filters]
(('COUNT',), ('region',), [('=', 'acme'), ('>', 100)])
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import cast

from stef_sql.values import fold_text, number

from stef_core.models import Ruleset
from stef_core.spec import Filter, OrderRequest, QuestionSpec, Scalar
from stef_question.concepts.time import mask_spans, period_drift, question_periods, time_spans

# --------------------------------------------------------------------------------------------
# vocabulary
# --------------------------------------------------------------------------------------------

_AGG_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "COUNT",
        re.compile(
            r"\b(how many|number of|count(?:s|ed)?|total number|amount of \w+s\b|quantity of)\b"
        ),
    ),
    ("AVG", re.compile(r"\b(average|mean|avg|on average)\b")),
    ("SUM", re.compile(r"\b(total|sum|combined|overall amount|altogether)\b")),
    (
        "MAX",
        re.compile(
            r"\b(maximum|max|highest|largest|biggest|greatest|most expensive|oldest|latest|longest|top)\b"
        ),
    ),
    (
        "MIN",
        re.compile(
            r"\b(minimum|min|lowest|smallest|least expensive|cheapest|youngest|earliest|shortest|fewest)\b"
        ),
    ),
)
_SUPERLATIVE_MAX = re.compile(
    r"\b(most|highest|largest|biggest|greatest|maximum|max|oldest|latest|longest|top|best|"
    r"last(?! name)|most recent|"
    r"newest|heaviest|tallest|richest|more than any)\b"
)
_SUPERLATIVE_MIN = re.compile(
    r"\b(least|lowest|smallest|minimum|min|youngest|earliest|shortest|fewest|cheapest|"
    r"worst|lightest|shortest)\b"
)
_NUM_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "twenty": 20,
    "hundred": 100,
}
_NUM = r"(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten)"
_TOPK = re.compile(
    rf"\b(?:top|first|best|last|bottom)\s+{_NUM}\b|\b{_NUM}\s+(?:most|least|highest|lowest|"
    rf"largest|smallest|biggest|oldest|youngest|latest|earliest|best|worst|top|cheapest|"
    rf"longest|shortest|greatest|fewest|\w+est)\b"
)
_GROUP = re.compile(
    r"\b(?:per|for each|for every|in each|of each|by each|each|every|grouped by|group by|"
    r"broken down by|by)\s+(?:the\s+|their\s+|its\s+)?([a-z_][\w]*(?:\s+[a-z_][\w]*)?)"
)
_ORDER = re.compile(
    r"\b(?:sort(?:ed)?|order(?:ed)?|rank(?:ed)?|arrange(?:d)?|list(?:ed)?)\s+(?:them\s+|the\s+results?\s+)?"
    r"(?:by|in|on|according to)\b([^,.;?]*)"
)
# "from the oldest to the youngest" is left out on purpose: by age it is DESC, by birth date
# ASC; the words do not say which column sorts.
_ASC = re.compile(
    r"\b(ascending|asc|increasing|alphabetical(?:ly)?|from (?:the )?(?:lowest|smallest|least|fewest|a) to)\b"
)
_DESC = re.compile(
    r"\b(descending|desc|decreasing|reverse alphabetical|from (?:the )?(?:highest|largest|most|biggest|greatest|z) to)\b"
)
_DISTINCT = re.compile(r"\b(distinct|unique|different)\b")
_LIST = re.compile(
    r"^\s*(list|show|give|find|name|display|return|provide|what are|which|who are|enumerate)\b"
)
_RATIO = re.compile(
    r"\b(percentage|percent|ratio|proportion|share of|fraction|how many times|rate of)\b"
)
_KNOWN = re.compile(r"\b(?:with|has|have|having) (?:a |an )?known ([a-z_]+)|\b([a-z_]+) is known\b")
_MISSING = re.compile(
    r"\b(?:with|has|have|having) (?:a |an )?(?:missing|unknown) ([a-z_]+)|\b([a-z_]+) is (?:missing|unknown|not known)\b"
)
_YESNO = re.compile(r"^\s*(is|are|does|do|did|was|were|has|have|can)\b")

# A comparative and the number after it: (pattern, operator).
_COMPARATIVES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    # Up to three words may stand between the comparative and its number: "above age 20",
    # "over the age of 20".
    (
        re.compile(
            rf"\b(?:{words})\s+(?:than\s+)?(?:[a-z]+\s+){{0,3}}?(?:\$|rs\.?\s*|usd\s*)?(-?\d[\d,]*(?:\.\d+)?)"
        ),
        op,
    )
    for words, op in (
        (r"no more than|not more than|at most|up to|maximum of|no greater than", "<="),
        (r"no less than|not less than|at least|minimum of|no fewer than|or more", ">="),
        (
            r"more than|greater than|higher than|larger than|bigger than|over|above|exceeds?|exceeding|older than|longer than|heavier than|taller than|after|later than|beyond",
            ">",
        ),
        (
            r"less than|fewer than|lower than|smaller than|under|below|younger than|shorter than|before|earlier than|lighter than|cheaper than",
            "<",
        ),
        (r"since|from", ">="),
    )
)
_OR_MORE = re.compile(
    r"\b(\d[\d,]*(?:\.\d+)?)\s+(?:or|and)\s+(more|above|over|greater|higher|fewer|less|below|under|lower)\b"
)
_BETWEEN = re.compile(r"\bbetween\s+(-?\d[\d,]*(?:\.\d+)?)\s+(?:and|to)\s+(-?\d[\d,]*(?:\.\d+)?)")
_NEGATION = re.compile(
    r"\b(?:not|without|except|excluding|other than|never|no)\s+(?:in\s+|from\s+|the\s+|a\s+)?$"
)
_QUOTED = re.compile(r"\"([^\"]{1,120})\"|'([^']{1,120})'|“([^”]{1,120})”|‘([^’]{1,120})’")
_NUMBER = re.compile(r"(?<![\w.])(-?\d[\d,]*(?:\.\d+)?)(%?)(?![\w])")
_PROPER = re.compile(
    r"(?<![\w'])([A-Z][\w&.\-']*(?:\s+(?:of\s+|de\s+|the\s+|and\s+)?[A-Z][\w&.\-']*)*)"
)
_STOP_PROPER = frozenset(
    [
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "where",
        "when",
        "why",
        "how",
        "list",
        "show",
        "give",
        "find",
        "name",
        "names",
        "display",
        "return",
        "provide",
        "is",
        "are",
        "was",
        "were",
        "do",
        "does",
        "did",
        "the",
        "a",
        "an",
        "in",
        "of",
        "for",
        "and",
        "or",
        "please",
        "tell",
        "count",
        "select",
        "i",
        "among",
        "between",
        "from",
        "by",
        "on",
        "with",
        "please",
        "identify",
        "state",
        "calculate",
        "compute",
        "indicate",
        "mention",
        "describe",
        "determine",
        "among",
    ]
)
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "and",
        "or",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "how",
        "many",
        "much",
        "list",
        "show",
        "give",
        "find",
        "all",
        "each",
        "every",
        "per",
        "that",
        "this",
        "these",
        "those",
        "it",
        "its",
        "their",
        "them",
        "they",
        "there",
        "than",
        "as",
        "do",
        "does",
        "did",
        "has",
        "have",
        "had",
        "please",
        "tell",
        "me",
        "name",
        "names",
        "number",
        "count",
        "total",
        "average",
        "sum",
        "any",
        "some",
        "into",
        "out",
        "about",
        "also",
        "not",
        "no",
        "more",
        "most",
        "less",
        "least",
        "only",
        "one",
        "ones",
        "same",
        "other",
        "such",
        "can",
        "could",
        "would",
        "should",
        "will",
        "shall",
        "may",
        "might",
        "get",
        "got",
    ]
)
_WORD = re.compile(r"[a-z][a-z0-9_]+")
_TIME_WORDS = frozenset({"year", "years", "month", "months", "day", "days", "quarter"})
_MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        1,
    )
}


# --------------------------------------------------------------------------------------------
# hint (enriched question) parsing
# --------------------------------------------------------------------------------------------

_IDENT = r"(?:`[^`]+`|\"[^\"]+\"|\[[^\]]+\]|[A-Za-z_][\w.]*)"
_VALUE = r"(?:'(?:[^']|'')*'|\"[^\"]*\"|-?\d+(?:\.\d+)?|NULL|TRUE|FALSE)"
_HINT_CMP = re.compile(
    rf"({_IDENT}(?:\s*\([^()]*\))?)\s*(=|!=|<>|>=|<=|>|<|\blike\b|\bnot like\b|\bis not\b|\bis\b)\s*({_VALUE})",
    re.IGNORECASE,
)
_HINT_IN = re.compile(rf"({_IDENT})\s+(not\s+)?in\s*\(([^()]*)\)", re.IGNORECASE)
_HINT_BETWEEN = re.compile(rf"({_IDENT})\s+between\s+({_VALUE})\s+and\s+({_VALUE})", re.IGNORECASE)
_HINT_AGG = re.compile(r"\b(COUNT|SUM|AVG|MAX|MIN)\s*\(", re.IGNORECASE)
_HINT_DEF = re.compile(
    r"([^;=]{1,80}?)\s*(?:=|refers? to|means?|stands? for)\s*([^;]{1,200})", re.IGNORECASE
)
_BACKTICK = re.compile(r"`([^`]+)`")
_SQLISH_IDENT = re.compile(
    r"\b([A-Za-z]+_[A-Za-z0-9_]+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z]+[A-Z][A-Za-z0-9]*)\b"
)


def split_enrichment(question: str, enriched: str | None) -> tuple[str, str]:
    """``(reformulated question, hint)``. BIRD-style ``"<question> Hint: <evidence>"`` is split
    at the marker; an enrichment that only restates the question has an empty hint."""
    if not enriched:
        return "", ""
    text = enriched.strip()
    for marker in (" Hint:", "\nHint:", " Evidence:", "\nEvidence:", " Note:"):
        idx = text.find(marker)
        if idx >= 0:
            return text[:idx].strip(), text[idx + len(marker) :].strip()
    if text.startswith(question.strip()):
        return question, text[len(question.strip()) :].strip()
    return text, ""


@lru_cache(maxsize=4096)
def _condition_filters(fragment: str) -> tuple[Filter, ...]:
    """Parse one SQL-like condition with sqlglot and read its filters like the SQL side."""
    import sqlglot
    from sqlglot import exp
    from stef_sql.extract import _predicate, _Resolver

    try:
        cond = sqlglot.parse_one(fragment, read="sqlite", into=exp.Condition)
    except Exception:
        try:
            cond = sqlglot.parse_one(fragment, read="mysql", into=exp.Condition)
        except Exception:
            return ()
    try:
        return tuple(_predicate(cast(exp.Expr, cond), _Resolver(cond), "hint"))
    except Exception:
        return ()


def parse_hint(hint: str) -> tuple[list[Filter], list[str], list[str], set[str]]:
    """Filters, aggregate functions, defined expressions and column names in a hint."""
    filters: list[Filter] = []
    aggs: list[str] = []
    exprs: list[str] = []
    columns: set[str] = set()
    if not hint:
        return filters, aggs, exprs, columns
    for m in _HINT_BETWEEN.finditer(hint):
        filters.extend(_condition_filters(m.group(0)))
    for m in _HINT_IN.finditer(hint):
        filters.extend(_condition_filters(m.group(0)))
    for m in _HINT_CMP.finditer(hint):
        lhs = m.group(1)
        if lhs.lower() in {"and", "or", "refers", "to", "is", "means"}:
            continue
        op = m.group(2)
        frag = f"{lhs} {op} {m.group(3)}"
        # "X is 'abc'" in prose is an equality, not IS NULL.
        if op.strip().lower() in {"is", "is not"} and m.group(3).upper() != "NULL":
            frag = f"{lhs} {'=' if op.strip().lower() == 'is' else '!='} {m.group(3)}"
        filters.extend(_condition_filters(frag))
    for m in _HINT_AGG.finditer(hint):
        aggs.append(m.group(1).upper())
    for m in _BACKTICK.finditer(hint):
        columns.add(m.group(1).lower())
    for m in _SQLISH_IDENT.finditer(hint):
        columns.add(m.group(1).lower())
    for f in filters:
        if f.column:
            columns.add(f.column)
    for m in _HINT_DEF.finditer(hint):
        rhs = m.group(2).strip()
        if any(ch in rhs for ch in "/*()+") and len(rhs) < 200:
            exprs.append(rhs)
    # Keep one copy of each filter (BETWEEN is also seen by the comparison pattern).
    unique = list(dict.fromkeys(filters))
    return unique, aggs, exprs, columns


# --------------------------------------------------------------------------------------------
# question parsing
# --------------------------------------------------------------------------------------------


def _num(token: str) -> int | float | None:
    if token.lower() in _NUM_WORDS:
        return _NUM_WORDS[token.lower()]
    return number(token)


def _aggregations(text: str) -> list[str]:
    found: list[str] = []
    lowered = text.lower()
    for func, pattern in _AGG_PATTERNS:
        if pattern.search(lowered):
            found.append(func)
    if "COUNT" in found and "SUM" in found and re.search(r"\btotal (number|count)\b", lowered):
        found.remove("SUM")
    return found


_TOPK_SPREAD = re.compile(
    rf"\b(?:the\s+)?{_NUM}\s+(?:[a-z-]+\s+){{0,5}}?(?:with|who|that|which|having|by|of)?\s*"
    r"(?:the\s+)?(?:most|least|highest|lowest|largest|smallest|biggest|oldest|youngest|latest|"
    r"earliest|best|worst|cheapest|longest|shortest|greatest|fewest|top|\w+est)\b"
)


def _top_k(text: str) -> int | None:
    lowered = text.lower()
    m = _TOPK.search(lowered)
    if not m:
        spread = _TOPK_SPREAD.search(lowered)
        if spread:
            value = _num(spread.group(1))
            if value and 1 < value <= 100 and float(value).is_integer():
                return int(value)
        return None
    token = m.group(1) or m.group(2)
    value = _num(token) if token else None
    return int(value) if value else None


def _superlative(text: str) -> str | None:
    # "at least two", "at most 5" are comparatives, not superlatives.
    lowered = re.sub(r"\b(at|the very) (least|most)\b", " ", text.lower())
    mx, mn = _SUPERLATIVE_MAX.search(lowered), _SUPERLATIVE_MIN.search(lowered)
    if mx and (not mn or mx.start() <= mn.start()):
        return "max"
    if mn:
        return "min"
    if re.search(r"\b\w{3,}est\b", lowered) and re.search(r"\bthe \w{3,}est\b", lowered):
        return "max"
    return None


def _order(text: str) -> OrderRequest | None:
    lowered = text.lower()
    m = _ORDER.search(lowered)
    asc, desc = _ASC.search(lowered), _DESC.search(lowered)
    direction = "desc" if desc else ("asc" if asc else None)
    if m:
        by = m.group(1).strip() or None
        return OrderRequest(direction=direction, by=by)  # type: ignore[arg-type]
    if direction:
        return OrderRequest(direction=direction)  # type: ignore[arg-type]
    return None


_UNITS = (
    "gallon",
    "capita",
    "cent",
    "unit",
    "person",
    "head",
    "mile",
    "km",
    "kilometer",
    "liter",
    "litre",
    "hour",
    "minute",
    "second",
    "kg",
    "pound",
    "dollar",
    "point",
    "goal",
    "game",
    "calorie",
    "meter",
    "metre",
    "square",
)


def _group_by(text: str) -> list[str]:
    out = []
    lowered = text.lower()
    for m in _GROUP.finditer(lowered):
        start = m.start()
        before = lowered[max(0, start - 12) : start]
        if re.search(
            r"(sort(ed)?|order(ed)?|rank(ed)?|arranged?|followed|written|owned|made|"
            r"directed|played|taught|won|created|published|produced|caused|\w+ed|"
            r"\w+en|done|held|run|sold|bought|paid|given)\s*$",
            before,
        ):
            continue  # "sorted by", and passives ("opened by customers"): not a grouping
        words = m.group(1).split()
        if m.group(0).startswith("per ") and (
            words[0] in _UNITS or re.search(r"\b(" + "|".join(_UNITS) + r")s?\s*$", before)
        ):
            continue  # "miles per gallon", "income per capita": a unit, not a grouping
        if (
            m.group(0).startswith("by ")
            and not re.search(r"\b(each|every|per)\b", lowered)
            and (not re.search(r"\b(count|number|how many|total|average|sum|max|min)\b", lowered))
        ):
            continue
        out.append(words[0])
    return out


def _value_filters(text: str, top_k: int | None) -> list[Filter]:
    """Values the question names: quoted strings, dates, proper names, numbers with their
    operator."""
    filters: list[Filter] = []
    # -- dates: time expressions are periods (stef_question.concepts.time), not values
    consumed: list[tuple[int, int]] = list(time_spans(text))

    def negated_at(pos: int) -> bool:
        return bool(_NEGATION.search(text[max(0, pos - 20) : pos].lower()))

    for m in _QUOTED.finditer(text):
        if any(a <= m.start() + 1 < b for a, b in consumed):
            continue  # a quoted date is a period
        value = next(g for g in m.groups() if g is not None)
        op = "!=" if negated_at(m.start()) else "="
        filters.append(Filter(None, op, fold_text(value), "question"))
        consumed.append(m.span())
    lowered = text.lower()
    for m in _BETWEEN.finditer(lowered):
        if any(a <= m.start(1) < b for a, b in consumed):
            continue
        lo, hi = number(m.group(1)), number(m.group(2))
        if lo is not None and hi is not None:
            filters.append(Filter(None, ">=", lo, "question"))
            filters.append(Filter(None, "<=", hi, "question"))
            consumed.append(m.span())
    for m in _OR_MORE.finditer(lowered):  # "2 or more friends", "10 and below"
        if any(a <= m.start(1) < b for a, b in consumed):
            continue
        val = number(m.group(1))
        if val is not None:
            op = ">=" if m.group(2) in ("more", "above", "over", "greater", "higher") else "<="
            filters.append(Filter(None, op, val, "question"))
            consumed.append(m.span())
    for cmp_pattern, op in _COMPARATIVES:
        for m in cmp_pattern.finditer(lowered):
            if any(a <= m.start(1) < b for a, b in consumed):
                continue
            val = number(m.group(1))
            if val is None:
                continue
            if op in (">=",) and m.group(0).startswith("from") and not _looks_like_year(val):
                continue
            filters.append(Filter(None, op, val, "question"))
            consumed.append(m.span(1))
    for m in _NUMBER.finditer(text):
        if any(a <= m.start(1) < b for a, b in consumed):
            continue
        val = number(m.group(1))
        if val is None or (top_k is not None and val == top_k):
            continue
        if m.group(2) == "%":
            filters.append(Filter(None, "=", val, "question:weak"))
            continue
        op = "!=" if negated_at(m.start()) else "="
        filters.append(Filter(None, op, val, "question:weak"))
    for m in _PROPER.finditer(text):
        if any(a <= m.start() < b for a, b in consumed):
            continue
        phrase = m.group(1).strip(" .,'")
        words = phrase.split()
        while words and words[0].lower() in _STOP_PROPER:
            words = words[1:]
        if not words:
            continue
        start = m.start() + m.group(1).find(words[0])
        sentence_start = start == 0 or text[:start].rstrip().endswith((".", "?", "!", ":"))
        if sentence_start and len(words) == 1:
            continue  # sentence-initial capitals are typography, not names
        value = " ".join(words)
        if value.lower() in _MONTHS:
            continue  # a month that is a time is a period; one that is not is no name either
        op = "!=" if negated_at(start) else "="
        filters.append(Filter(None, op, fold_text(value), "question:weak"))
    return filters


def _looks_like_year(value: Scalar) -> bool:
    return isinstance(value, int) and 1800 <= value <= 2100


def content_words(text: str) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(text.lower()) if w not in _STOPWORDS)


def extract_question(
    question: str, enriched_question: str | None, rules: Ruleset | None = None
) -> QuestionSpec:
    rules = rules or Ruleset()
    reformulated, hint = split_enrichment(question, enriched_question)
    hint_filters, hint_aggs, hint_exprs, hint_columns = parse_hint(hint)

    # -- dates: "the last 30 days", "last year" name periods, not a top-k or a superlative
    ranked = mask_spans(question, time_spans(question))
    top_k = _top_k(ranked)
    superlative = _superlative(ranked)
    if (
        superlative is None
        and top_k is not None
        and not re.search(r"\b(top|first|best|last|bottom)\s", ranked.lower())
    ):
        top_k = None  # "at least two courses": a count, not a ranking
    aggregations = _aggregations(question)
    for func in hint_aggs:
        if func not in aggregations:
            aggregations.append(func)
    order = _order(question)
    group_by = _group_by(question)
    filters = _value_filters(question, top_k)
    # Singular superlative ("the most expensive product"): a top-1 question.
    if (
        top_k is None
        and superlative
        and not re.search(r"\b(maximum|minimum|max|min)\b", ranked.lower())
        and re.search(r"\b(the|which|what)\b", ranked.lower())
    ):
        top_k = 1 if not re.search(r"\b(top|most|least) \w+s\b", ranked.lower()) else None

    # Null checks: "with a known phone" is phone IS NOT NULL; "missing email" is IS NULL.
    for pattern, op in ((_KNOWN, "is not null"), (_MISSING, "is null")):
        for m in pattern.finditer(question.lower()):
            filters.append(Filter(m.group(1) or m.group(2), op, None, "question"))

    # Hint filters are exact about the column: they replace question filters with the same
    # value. The question keeps the last word on the operator ("education level of over 11"
    # with the hint "education level of 11 refers to EDUCATIONNUM = 11" is EDUCATIONNUM > 11).
    hint_filters = [f for f in hint_filters if f.value != ""]
    question_ops = {_vkey(f.value): f.op for f in filters if f.op not in ("=",)}
    hint_filters = [
        Filter(f.column, question_ops[_vkey(f.value)], f.value, f.source)
        if f.op == "=" and _vkey(f.value) in question_ops
        else f
        for f in hint_filters
    ]
    # -- dates: the question's periods and the hint's (stef_question.concepts.time); hint
    # -- filters that spell a period leave the filters
    periods, hint_filters = question_periods(question, hint, hint_filters)
    # a hint's "the year = 1980" names no column the SQL must read
    hint_columns -= {p.column for p in periods if p.source == "hint" and p.column in _TIME_WORDS}
    hint_keys = {_vkey(f.value) for f in hint_filters}
    merged = [f for f in filters if _vkey(f.value) not in hint_keys] + hint_filters

    lowered = question.lower()
    terms = tuple(t for t in rules.terms if t.lower() in lowered)
    words = content_words(question + " " + (hint or ""))
    drift: list[str] = []
    if reformulated and reformulated.strip() != question.strip():
        drift = _drift(question, reformulated, top_k) + period_drift(question, reformulated)
    numbers = tuple(
        float(f.value)
        for f in merged
        if isinstance(f.value, (int, float)) and not isinstance(f.value, bool)
    )
    return QuestionSpec(
        aggregations=tuple(aggregations),
        filters=tuple(merged),
        group_by=tuple(group_by),
        order=order,
        top_k=top_k,
        superlative=superlative,  # type: ignore[arg-type]
        distinct=bool(_DISTINCT.search(lowered)),
        expressions=tuple(hint_exprs),
        columns=frozenset(hint_columns),
        numbers=numbers,
        words=words,
        drift=tuple(drift),
        asks_list=bool(_LIST.search(lowered)),
        asks_yes_no=bool(_YESNO.search(lowered)),
        asks_ratio=bool(_RATIO.search(lowered)),
        terms=terms,
        text=fold_text(question + " " + (enriched_question or "")),
        periods=periods,
    )


def _vkey(value: object) -> str:
    from stef_sql.values import value_key

    if isinstance(value, tuple):
        return ",".join(value_key(v) for v in value)
    return value_key(value)


def _drift(question: str, reformulated: str, top_k: int | None) -> list[str]:
    """Constraints the reformulation added or dropped (values, numbers, top-k)."""
    asked = _value_filters(question, top_k)
    original = {_vkey(f.value) for f in asked}
    strong_original = {_vkey(f.value) for f in asked if f.source == "question"}
    new_top_k = _top_k(reformulated)
    new = {_vkey(f.value) for f in _value_filters(reformulated, new_top_k)}
    out = [f"added {key!r}" for key in sorted(new - original)]
    out += [f"dropped {key!r}" for key in sorted(strong_original - new)]
    if new_top_k is not None and new_top_k != top_k:
        out.append(f"top-k changed to {new_top_k}")
    return out


def with_synonyms(spec: QuestionSpec, rules: Ruleset) -> QuestionSpec:
    """Map words in the question to the columns R_app says they mean."""
    if not rules.synonyms:
        return spec
    columns = set(spec.columns)
    for column, words in rules.synonyms.items():
        # Whole words or phrases of the (folded) question: "client" is not in "clientele".
        if any(_word_in(fold_text(word), spec.text) for word in words):
            columns.add(column.lower())
    return replace(spec, columns=frozenset(columns))


def _word_in(phrase: str, text: str) -> bool:
    return bool(phrase) and re.search(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", text) is not None
