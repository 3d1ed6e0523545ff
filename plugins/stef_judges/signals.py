"""Evidence the aligner does not turn into findings, as pure functions of one
:class:`JudgeRequest` (the offline judge's features, :mod:`stef_judges.evidence`, read them):

* **grounding**: a string literal the SQL compares against that appears nowhere in the question
  or its enrichment is a guessed value (``country = 'Germany'`` for "customers in France");
* **reach**: tables the question never mentions, joins beyond what it names and set operations
  are places where a query can go wrong without any single clause being visibly wrong; they
  lower confidence rather than the verdict;
* **shape**: more output columns than the question asks for.

No signal looks at typography (keyword case, quoting, whitespace).
"""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache

from stef_core.contracts import JudgeRequest
from stef_core.gated import gated
from stef_core.spec import Period
from stef_core.values import abbreviates, fold_text, value_key
from stef_core.words import light_stem

_WORD = re.compile(r"[a-z0-9]+")


@lru_cache(maxsize=4096)
def _identifier_parts(name: str) -> tuple[str, ...]:
    spaced = re.sub(r"([a-z])([A-Z])", r"\1_\2", name)
    return tuple(p for p in re.split(r"[^a-z0-9]+", spaced.lower()) if p)


def grounding(request: JudgeRequest) -> tuple[float, list[str]]:
    """Share of the SQL's string literals found in the question or its enrichment, and the
    literals that were not."""
    text = request.question.text or fold_text(
        request.record.question + " " + (request.record.enriched_question or "")
    )
    # Values the SQL compares against (filters, CASE conditions): a literal that only formats
    # output (' ', 'Yes') or names a date part ('quarter', INTERVAL '3 months') guesses nothing.
    # R_app speaks for the question: a value its vocabulary required ("critical" means
    # 'urgent') is grounded, and a filter on an ignored column costs nothing, anywhere.
    # (every value of a list it required: "operated" is ``status IN ('arrived', 'diverted')``)
    vocabulary = {value_key(v) for f in request.question.filters[:256] if f.source == "rules"
                  for v in f.values[:64]
                  if isinstance(v, (str, int, float))}
    ignored = _ignored_values(request)
    # A filter the aligner matched with the question ("Aruba" / countrycode = 'ABW') is
    # explained by it.
    matched = frozenset(request.alignment.filters.matched[:512])
    explained = {value_key(v) for f in request.sql.filters[:256] if f.describe() in matched
                 for v in f.values[:64]
                 if isinstance(v, str)}
    # A business definition many of the run's queries share (``status IN ('paid', 'shipped',
    # 'delivered')`` for revenue) is one choice of the deployment's, not one guess per value:
    # its first value speaks for it.
    definitions = frozenset(request.alignment.filters.definitions[:64])
    compared: list[str] = []
    for f in (*request.sql.filters[:256], *request.sql.conditions[:256]):
        values = f.values
        if definitions and len(values) > 1 and f.describe() in definitions:
            values = values[:1]
        compared.extend(v for v in values[:64] if isinstance(v, str) and v != "<subquery>")
    literals = [v for v in dict.fromkeys(compared)
                if v.strip("%_ ") and value_key(v) not in ignored]
    if not literals:
        return 1.0, []
    # The text's tokens and years are read at the first literal that needs them (many
    # queries compare none, and most literals are in the text as written).
    text_keys: frozenset[str] | None = None
    years: tuple[str, ...] | None = None
    missing = []
    for lit in literals:
        core = lit.strip("%_ ").replace("%", " ").strip()
        if core in text:
            continue
        if text_keys is None:
            text_keys = _tokens(text)
        spaced = core.replace("_", " ")
        if (value_key(core) in text_keys or value_key(core) in vocabulary
                or value_key(lit) in explained or (spaced != core and spaced in text)):
            continue  # 'mobile_app' is "mobile app"
        if " " not in core and light_stem(core) in _stems(text):
            continue  # 'closed' for "close"
        if " " not in core and _root_named(light_stem(_squeezed(core)), text):
            continue  # 'denied' for "denial rate"
        # Within a year or decade the question names ("born before 1950" for '1950-01-01',
        # "the 1980s").
        if re.fullmatch(r"\d{4}(-\d{2}){0,2}( [\d:]+)?", core):
            if years is None:
                years = _years(text)
            if any(core.startswith(y) for y in years):
                continue
        # -- dates: the aligner compares the question's periods with the SQL's, whatever the
        # -- spelling ('2012-08-26' for "8/26/2012", '201309' for "September 2013"); time
        # -- syntax (strftime layouts, date('now', '-7 day') modifiers, unit names) is no value.
        if _time_literal(lit, request) or _time_literal(core, request):
            continue
        # A short code for a name the question spells out ('SVK' for "Slovakian", 'EUR' for
        # "euro").
        if 2 <= len(core) <= 4 and core.isalpha() and any(
            abbreviates(core, w) for w in text_keys if len(w) > len(core)
        ):
            continue
        missing.append(lit)
    return 1.0 - len(missing) / len(literals), missing


def _ignored_values(request: JudgeRequest) -> set[str]:
    """Keys of the values the SQL compares ignored columns with (``ignore filter region``),
    and of the values of the filters R_app declared benign or the aligner read as deployment
    guards (``org_id = 'acme'``: a tenant key is no guess about the question)."""
    ignored = {re.sub(r"[^a-z0-9]", "", c.lower()) for c in request.rules.ignored_filters}
    fa = request.alignment.filters
    guards = {*fa.guards, *fa.benign_extras}
    if not ignored and not guards:
        return set()
    out: set[str] = set()
    for f in request.sql.filters[:256]:
        # (a guard inside NOT EXISTS is listed as the aligner turned it round)
        if ((f.column and re.sub(r"[^a-z0-9]", "", f.column.lower()) in ignored)
                or (guards and (f.describe() in guards or f.turned().describe() in guards))):
            values = f.values
            out.update(value_key(v) for v in values if isinstance(v, str))
    return out


#: A year or decade ("1996", "1990s"): searched only in a text holding 18, 19 or 20.
_YEAR = gated(r"(?<!\d)((?:18|19|20)\d)(\d)(?:'?s)?(?!\d)")


@lru_cache(maxsize=1024)
def _years(text: str) -> tuple[str, ...]:
    """Years (and decades, as their first three digits) the text names, with the year after
    each (a boundary: "after 1996" starts in 1997)."""
    out: set[str] = set()
    for m in _YEAR.finditer(text):
        year = m.group(1) + m.group(2)
        out.add(year)
        out.add(str(int(year) + 1))
        if m.group(0).endswith("s"):
            out.add(m.group(1))
    return tuple(sorted(out))


@lru_cache(maxsize=1024)
def _tokens(text: str) -> frozenset[str]:
    # Words with inner dots and dashes ("no.5", "k-12"), but no trailing full stop ("1993.").
    return frozenset(re.findall(r"[\w%]+(?:[.-][\w%]+)*", text))


@lru_cache(maxsize=1024)
def _stems(text: str) -> frozenset[str]:
    return frozenset(map(light_stem, set(_WORD.findall(text.lower()))))  # each word once


def stems_of(*texts: str) -> frozenset[str]:
    """``_stems(" ".join(texts))``, from each text's own (cached) stems: a word never spans
    the joining space, so the question's stems are read once for every caller that adds other
    texts to it. A later text that opens with the first (an enrichment that restates the
    question, then adds its hint) is read from where the first ends, when no word spans
    that cut: the first's words are stemmed once.

    >>> stems_of("Which cars?", "Which cars? Hint: cars refers to vehicles") == _stems(
    ...     "Which cars? Which cars? Hint: cars refers to vehicles")
    True
    >>> sorted(stems_of("total", "totals"))
    ['total']
    """
    first = texts[0] if texts else ""
    parts: list[frozenset[str]] = []
    for text in texts[1:]:
        if first and len(text) > len(first) and text.startswith(first):
            rest = text[len(first):]
            if not (first[-1].lower()[-1:] in _WORD_CHARS and rest[0].lower()[:1] in _WORD_CHARS):
                text = rest  # the cut falls between two words
        parts.append(_stems(text))
    return _stems(first).union(*parts)


#: What :data:`_WORD` matches: a word runs on across a cut between two of these.
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def _root_named(root: str, text: str) -> bool:
    """Does a word of the text grow the value's root by a short suffix ('deni' of 'denied'
    in "denial", 'approv' of 'approved' in "approval")? Roots of four letters at least."""
    return len(root) >= 4 and any(
        w.startswith(root) and len(w) - len(root) <= 3 for w in _stems(text))


def _squeezed(word: str) -> str:
    return re.sub(r"[\W_]+", "", word.lower())


_TIME_FORMAT = re.compile(
    r"[^%]*%[a-z][^%]*(%[a-z][^%]*)*|year|quarter|month|week|day|hour|minute|second|yyyy|"
    r"yyyy-mm|yyyy-mm-dd|mm|dd|hh24|mi|ss"
)
_TIME_MODIFIER = re.compile(
    r"now|localtime|utc|unixepoch|start of (year|month|day)|weekday \d|"
    r"[+-]?\s*\d+(\.\d+)?\s+(year|month|day|hour|minute|second)s?"
)


def _time_literal(literal: str, request: JudgeRequest) -> bool:
    """When the question states periods: a literal that is time syntax (a layout, a unit, a
    date('now', ...) modifier) or a date inside (or bounding) one of them. Without periods in
    the question, date work in the SQL is the SQL's own idea, like any literal the question
    does not ground."""
    periods = request.question.periods
    if not periods:
        return False
    text = literal.strip()
    if _TIME_FORMAT.fullmatch(text) or _TIME_MODIFIER.fullmatch(text):
        return True
    from datetime import date

    from stef_core.periods import literal_span, resolve

    today = request.anchor.date if request.anchor is not None else date.today()
    # a value of one of the SQL's periods that lies within a period of the question ('03' in
    # strftime('%m', d) = '03' for "in March 2024")
    for sp in request.sql.periods:
        if any(literal == f.value for f in sp.parts) and _within(sp, periods, today):
            return True
    span = literal_span(text, compact=True)
    if span is None:
        return False
    for p in periods:
        months = {v for u, v in p.periodic if u == "month"}
        if months and span[0].month in months:
            return True  # "March" names every March: a date of March 2027 is grounded
        if p.start is None and p.end is None:
            if not months:
                return True
            continue
        start = resolve(p.start, today) if p.start else None
        end = resolve(p.end, today) if p.end else None
        # a bound written inclusively ('2024-03-31') or exclusively ('2024-04-01') is grounded
        if (start is None or span[0] >= start) and (end is None or span[0] <= end):
            return True
    return False


def _within(sql_period: Period, periods: tuple[Period, ...], today: date) -> bool:
    """Does a SQL period lie within (or coincide with) one of the question's periods?"""
    from datetime import datetime

    from stef_core.periods import resolve

    if sql_period.start is None and sql_period.end is None:
        return any((set(sql_period.periodic) <= set(p.periodic) and p.periodic)
                   or (sql_period.clock == p.clock and p.clock) for p in periods)
    lo = resolve(sql_period.start, today) if sql_period.start else datetime.min
    hi = resolve(sql_period.end, today) if sql_period.end else datetime.max
    for p in periods:
        if p.start is None and p.end is None:
            continue
        start = resolve(p.start, today) if p.start else datetime.min
        end = resolve(p.end, today) if p.end else datetime.max
        if start <= lo and hi <= end:
            return True
    return False


#: The last request :func:`ungrounded_tables` read and its answer: the offline judge, its
#: evidence and its explanation each ask for one record's. One entry, replaced whole (a
#: request never changes, and the entry keeps it alive, so identity tells it).
_UNGROUNDED: list[tuple[JudgeRequest | None, tuple[str, ...]]] = [(None, ())]


def ungrounded_tables(request: JudgeRequest) -> list[str]:
    """Tables none of whose name parts the question (or enrichment) mentions."""
    last = _UNGROUNDED[0]
    if last[0] is request:
        return list(last[1])
    stems = stems_of(request.record.question, request.record.enriched_question or "")
    # Compound names ("countrylanguage") count as unnamed unless a word matches a whole part:
    # matching substrings was measured to blur the signal (benchmarks/validity.py).
    found = [
        t for t in request.sql.tables
        if not any(light_stem(p) in stems for p in _identifier_parts(t))
    ]
    _UNGROUNDED[0] = (request, tuple(found))
    return found


def asked_items(question: str) -> int:
    """How many things the question asks to see: 1 plus the enumerations in its first clause."""
    head = _CLAUSE_WORD.split(question.lower(), maxsplit=1)[0]
    return 1 + head.count(",") + len(_AND.findall(head))


#: What ends the first clause of a question, and an enumeration's "and" (:func:`asked_items`,
#: once a record: compiled once rather than looked up in re's cache on every call).
_CLAUSE_WORD = re.compile(r"\b(?:of|for|from|in|with|where|who|that|which|whose)\b")
_AND = re.compile(r"\band\b")
