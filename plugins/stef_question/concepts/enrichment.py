"""Enrichment: what the agent's enriched question adds to the user's question.

An enriched question is a reformulation ("Count the clients whose segment is 'enterprise'"), a
BIRD-style hint ("<question> Hint: female refers to gender = 'F'"), or both. Three things are
read from it:

* **explicit conditions**: SQL fragments (``status = 'active'``, ``x IN (1, 2)``, ``BETWEEN``,
  ``LIKE``) are parsed with sqlglot exactly as the SQL side is; they are strong requirements;
* **bindings**: "X refers to Y", "X means Y", "X stands for Y", "X = Y" bind the question
  phrase X to Y (a condition, a column, an aggregate or an expression). Y answers X, so what the
  question reader found inside X (a name, a comparative, an aggregate word) is not required a
  second time ("Elementary School District refers to DOC = 52": ``DOC = 52`` is the
  requirement, not the words "Elementary School District"); "A11 refers to average salary"
  binds the other way (the phrase is on the right);
* **drift**: a constraint the reformulation adds, changes or drops relative to the question.
  A word both texts contain is never drift.

>>> b = read_hint("female refers to gender = 'F'; A11 refers to average salary")
>>> [(x.phrase, [f.describe() for f in x.filters], x.columns) for x in b.bindings]
[('female', ["gender = 'f'"], ()), ('average salary', [], ('a11',))]
>>> h = read_hint("Eligible free rate = `Free Meal Count (K-12)` / `Enrollment (K-12)`")
>>> h.bindings[0].expression, h.ratio
('`Free Meal Count (K-12)` / `Enrollment (K-12)`', True)
>>> split_enrichment("How many?", "How many? Hint: x = 1")
('How many?', 'x = 1')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from stef_core.gated import NameLed, gated
from stef_core.limits import QUESTION_CACHE
from stef_core.spec import Binding, Filter, as_op
from stef_core.values import YEAR_SPAN, fold_text, number, year_span
from stef_core.words import stem
from stef_question.concepts.time import joined_ops, mask_spans, time_spans
from stef_question.lexicon import Lexicon, lexicon
from stef_question.text import MAX_CHARS, Text, tokenize, tokens_within

if TYPE_CHECKING:
    from sqlglot import exp

#: Most hint clauses read, and the longest clause parsed with sqlglot (a pasted IN list of
#: 50,000 values is not a definition; reading it would cost more than the whole record).
MAX_CLAUSES = 24
MAX_FRAGMENT_CHARS = 400
MAX_FRAGMENTS = 32

_IDENT = r"(?:`[^`]{1,80}`|\"[^\"]{1,80}\"|\[[^\]]{1,80}\]|[A-Za-z_][\w.]{0,80})"
#: A number is no value when a range goes on from it ("azimuth is 135-225" is no azimuth =
#: 135: the question reader reads the range's two ends).
_VALUE = (r"(?:'(?:[^']|''){0,200}'|\"[^\"]{0,200}\"|\d{4}-\d{1,2}-\d{1,2}(?![\d-])"
          r"|-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d)|-?\d+(?:\.\d+)?(?![\d.]*[-\u2013]\d)"
          r"|NULL|TRUE|FALSE)")
#: A date written without quotes ("due_dt < 2025-11-24" in a reformulation): a date, not
#: the arithmetic 2025 - 11 - 24.
_BARE_DATE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}")
# BIRD hints write short codes bare: "Virtual = F", "isEnglish = T".
_BARE_VALUE = gated(
    r"\b([A-Za-z_][\w.]{0,40})\s*(=|!=|<>)\s*([A-Z]{1,3})\b(?![\w(.]|\s*\(|\s*[.]\w)"
)
_HINT_OP = r"=|!=|<>|>=|<=|>|<|\blike\b|\bnot like\b|\bis not\b|\bis\b"
_HINT_CMP = re.compile(
    rf"({_IDENT}(?:\s*\([^()]{{0,120}}\))?)\s*({_HINT_OP})\s*({_VALUE})",
    re.IGNORECASE,
)
#: :data:`_HINT_CMP`'s matches, tried only where a name (or a quoted one) starts
_HINT_CMPS = NameLed(_HINT_CMP, longest=81, quotes="`\"[")
_HINT_IN = re.compile(rf"({_IDENT})\s+(not\s+)?in\s*\(([^()]{{0,400}})\)", re.IGNORECASE)
_HINT_BETWEEN = re.compile(
    rf"({_IDENT})\s+between\s+({_VALUE})\s+and\s+({_VALUE})", re.IGNORECASE
)
_HINT_AGG = re.compile(r"\b(COUNT|SUM|AVG|MAX|MIN|DIVIDE|DIV|CAST)\s*\(", re.IGNORECASE)
_BACKTICK = re.compile(r"`([^`]{1,80})`")
_SQLISH_IDENT = re.compile(
    r"\b([A-Za-z]+_[A-Za-z0-9_]+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z]+[A-Z][A-Za-z0-9]*"
    r"|[A-Za-z]+\d+[A-Za-z0-9]*)\b"
)
_ARITH = re.compile(r"[\w`)\]]\s*[/*]\s*[\w`(\[]|\w\s+[-+]\s+\w")
_CMP_OP = re.compile(r"(?:[<>!]=?|=|\blike\b|\bin\s*\(|\bbetween\b|\bis\s+(?:not\s+)?null\b)",
                     re.IGNORECASE)
_ARITH_AFTER = re.compile(r"\s*[*/+]\s*[\w(`]")
_ARITH_BEFORE = re.compile(r"[\w)`]\s+[-+]\s*$")  # a difference: "closed_at - created_at"
#: A ratio spelled in words after "=" ("Rebook rate = 2025 exhibitors with a signed 2026
#: booth / 2025 exhibitors"): the bare number is the first word of a noun phrase, and a
#: division of phrases follows in the same sentence; the "=" defines a term, it compares
#: nothing (a quoted value, ``status = 'DONE'``, stays a condition of the ratio's rows).
_WORDED_RATIO = re.compile(r"[ \t]+[A-Za-z][\w-]*[ \t][^.;\n]{0,200}?[A-Za-z][ \t]+/[ \t]+[\w(]")
_NOT_COLUMNS = frozenset({"and", "or", "refers", "to", "is", "means", "the", "a", "an", "of",
                          "in", "where", "when", "not", "null", "true", "false", "as", "by",
                          "count", "sum", "avg", "max", "min", "divide", "cast", "real",
                          "like", "between", "select", "from", "case", "then", "else", "end",
                          "distinct", "iif", "if", "strftime", "substr"})
_FILLER = re.compile(r"^(?:(?:the\s+)?(?:information|info|data|details?)\s+(?:about|on|of)\s+"
                     r"|the\s+)", re.IGNORECASE)
_PROSE = frozenset({"the", "a", "an", "of", "in", "for", "who", "which", "that", "with",
                    "has", "have", "is", "are", "was", "were", "be", "people", "person",
                    "ratio", "percentage", "percent", "rate", "average", "total", "sum",
                    "count", "difference", "calculation", "formula", "note"})


@dataclass(frozen=True, slots=True)
class Hint:
    """What a hint (or a reformulation's SQL fragments) says."""

    filters: tuple[Filter, ...] = ()  # every condition written (bindings' included)
    fragments: tuple[Filter, ...] = ()  # conditions written on their own, bound to no phrase
    bindings: tuple[Binding, ...] = ()
    aggregations: tuple[str, ...] = ()
    directions: tuple[str, ...] = ()  # desc for MAX(...), asc for MIN(...)
    expressions: tuple[str, ...] = ()
    columns: frozenset[str] = frozenset()
    ratio: bool = False
    explained: tuple[str, ...] = ()  # question phrases the hint explains in prose only
    relations: tuple[Filter, ...] = ()  # column against column: delivered_at > promised_at


_RELATION = gated(
    r"\b([A-Za-z]+_[A-Za-z0-9_]+|[a-z]+[A-Z][A-Za-z0-9]*)\s*(>=|<=|>|<)\s*"
    r"([A-Za-z]+_[A-Za-z0-9_]+|[a-z]+[A-Z][A-Za-z0-9]*)\b(?!\s*\()"
)


def relations(text: str) -> tuple[Filter, ...]:
    """Comparisons of two columns written in an enrichment ("delivered_at > promised_at")."""
    out = [Filter(m.group(1).lower(), as_op(m.group(2)), m.group(3).lower(), "hint")
           for m in _RELATION.finditer(_unquoted(text))]
    return tuple(dict.fromkeys(out))[:8]


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


@lru_cache(maxsize=QUESTION_CACHE)
def parsed_condition(fragment: str) -> exp.Expr | None:
    """One SQL-like condition of an enrichment as a tree (:func:`stef_core.sql.parse_condition`),
    parsed once for every reader of it (its filters here, its periods in
    :mod:`stef_question.concepts.time`), which only read the tree; None when it does not
    parse."""
    from stef_core.sql import parse_condition

    return parse_condition(fragment)


@lru_cache(maxsize=QUESTION_CACHE)
def condition_filters(fragment: str) -> tuple[Filter, ...]:
    """Parse one SQL-like condition with sqlglot and read its filters like the SQL side."""
    from stef_core.sql import Resolver, read_condition

    if len(fragment) > MAX_FRAGMENT_CHARS:
        return ()
    cond = parsed_condition(fragment)
    if cond is None:
        return ()
    try:
        found = read_condition(cond, Resolver(cond, nested=False), "hint")
    except Exception:
        return ()
    return tuple(f for f in found if f.value != "")


#: What puts a condition inside a set the answer has none of: "instructors with no course
#: where course_status = 'live'", "accounts without any invoice having status = 'paid'", and
#: what an exclusion leaves out: "excluding delays whose reason is 'weather'". The
#: condition holds of the rows kept away, so the answer's rows meet its opposite (a NOT EXISTS
#: of it), as "not from 'APG'" is. A condition that restates a negation itself ("not shipped
#: (shipped_at IS NULL)") has no such entity-and-relative between the cue and it.
_NEGATED_EXISTENCE = re.compile(
    r"\b(?:no|without(?:\s+any)?|not\s+any|none\s+of\s+(?:the|their|its)|excluding|"
    r"except(?:\s+for)?|other\s+than|apart\s+from|aside\s+from)\s+"
    r"(?:[a-z_]+\s+){0,3}?(?:where|with|having|whose|that\s+(?:has|have|had)|in\s+which)"
    r"\s*\(?\s*$"
    # ("volunteers with no shift_status = 'WORKED' shift": the cue right before the condition)
    r"|\b(?:no|without(?:\s+any)?|not\s+any)\s+$", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[.;:!?]")


def _negated(text: str, start: int) -> bool:
    """Is the condition at ``start`` inside a negated existence ("with no course where ...")
    of its clause?"""
    head = text[max(0, start - 160):start]
    ends = list(_CLAUSE_END.finditer(head))
    if ends:
        head = head[ends[-1].end():]
    return _NEGATED_EXISTENCE.search(head) is not None


#: A negated clause whose parenthesis names the rows the answer has none of: "have never
#: ordered banners (product_cd = 'BANNER')", "with no delivery of the 2026 crop (crop_yr =
#: 2026)", "with no check-in at the downtown club (club_cd = 'DT')". The clause's words
#: (group 1) sit between the cue and the parenthesis.
_NEGATED_OBJECT = re.compile(
    r"\b(?:no|without(?:\s+any)?|never|not\s+any|none\s+of)\s+((?:[\w'-]+\s+){1,6}?)\(\s*$",
    re.IGNORECASE)
#: Values that restate a state rather than name a thing: a flag, a yes / no code, a zero.
_FLAG_VALUES = frozenset({"y", "n", "t", "f", "yes", "no", "true", "false"})
#: A flag's set side, and the name parts that only say a column is a flag.
_SET_FLAGS = frozenset({"y", "yes", "t", "true", "1"})
_FLAG_PARTS = frozenset({"is", "yn", "flg", "flag", "ind", "has"})
_NEGATIVE_VALUE = re.compile(r"^(?:un|in|non|not|no)(?:[_\- ]|[a-z])", re.IGNORECASE)


def _negated_object(text: str, start: int, found: tuple[Filter, ...]) -> bool:
    """Do the conditions at ``start`` name the rows a negated clause keeps away ("never
    ordered banners (product_cd = 'BANNER')")? Only an equality or a list of values that the
    clause itself names (its words spell the value or a part of the column), and never a
    value that restates a state ("not in service (in_service = 0)", "with no activity
    (status = 'dormant')", "never paid (status = 'unpaid')"): that one describes the rows
    kept, as written."""
    head = text[max(0, start - 160):start]
    ends = list(_CLAUSE_END.finditer(head))
    if ends:
        head = head[ends[-1].end():]
    m = _NEGATED_OBJECT.search(head)
    if m is None or not found:
        return False
    said = {stem(w) for w in re.findall(r"[a-z0-9]+", m.group(1).lower())}
    for f in found:
        values = f.value if isinstance(f.value, tuple) else (f.value,)
        if f.op not in ("=", "in") or not f.column or not values:
            return False
        # (a flag set on a column the clause names is the rows kept away: "without any
        # veteran case (veteran_yn = 'Y')"; its "no" side restates the state kept: "not in
        # service (in_service = 0)")
        set_flag = all(v is True or (isinstance(v, str) and v.lower() in _SET_FLAGS)
                       or (isinstance(v, int) and not isinstance(v, bool) and v == 1)
                       for v in values)
        for v in values:
            if set_flag:
                continue
            if isinstance(v, bool) or v is None or (isinstance(v, (int, float)) and v in (0, 1)):
                return False
            if isinstance(v, str) and (len(v) < 2 or v.lower() in _FLAG_VALUES
                                       or _NEGATIVE_VALUE.match(v)):
                return False
        named = {stem(p) for p in re.split(r"[^a-z0-9]+", f.column.lower()) if len(p) > 1}
        if set_flag:
            named = {n for n in named if n not in _FLAG_PARTS}  # is_, _yn, _flg say no thing
        named |= {stem(p) for v in values for p in re.split(r"[^a-z0-9]+", str(v).lower())
                  if len(p) > 1}
        if not named & said:
            return False
    return True


def _conditions(text: str) -> list[Filter]:
    """The conditions written in ``text`` (BETWEEN, IN, comparisons), parsed exactly; one a
    negated existence holds is read turned round (:data:`_NEGATED_EXISTENCE`)."""
    text = joined_ops(text)  # "> =" written with a space
    out: list[Filter] = []
    count = 0
    # Each match of these two holds its word ("between", in any case) or its parenthesis:
    # a text without them is not searched (the patterns try every position of it).
    for m in _HINT_BETWEEN.finditer(text) if "between" in text.lower() else ():
        out.extend(condition_filters(m.group(0)))
        count += 1
    for m in _HINT_IN.finditer(text) if "(" in text else ():
        if count >= MAX_FRAGMENTS:
            break
        out.extend(condition_filters(m.group(0)))
        count += 1
    for m in _HINT_CMPS.finditer(text):
        if count >= MAX_FRAGMENTS:
            break
        lhs = m.group(1)
        if (lhs.lower() in _NOT_COLUMNS or _ARITH_AFTER.match(text, m.end())
                or _ARITH_BEFORE.search(text, 0, m.start())
                or (m.group(2) == "=" and m.group(3)[:1].isdigit()
                    and _WORDED_RATIO.match(text, m.end()))):
            continue  # "ARR = 12 * MRR" defines a term; "closed_at - created_at <= 60" too
        op = m.group(2)
        value = m.group(3)
        if value[:1] not in "'\"" and "," in value:
            value = value.replace(",", "")  # "total_usd > 10,000": thousands separators
        if _BARE_DATE.fullmatch(value):
            value = f"'{value}'"
        frag = f"{lhs} {op} {value}"
        # "X is 'abc'" in prose is an equality, not IS NULL.
        if op.strip().lower() in {"is", "is not"} and m.group(3).upper() != "NULL":
            frag = f"{lhs} {'=' if op.strip().lower() == 'is' else '!='} {m.group(3)}"
        bound = _OR_MORE.match(text, m.end()) if op.strip().lower() in ("=", "is") else None
        if bound is not None:
            # "full-time = 12 or more credit hours": a bound, not the number itself
            frag = f"{lhs} {'>=' if bound.group(1) else '<='} {value}"
        found = condition_filters(frag)
        out.extend(tuple(f.turned() for f in found)
                   if _negated(text, m.start()) or _negated_object(text, m.start(), found)
                   else found)
        count += 1
    if not out:
        for m in _BARE_VALUE.finditer(text):
            if m.group(1).lower() not in _NOT_COLUMNS:
                out.extend(condition_filters(f"{m.group(1)} {m.group(2)} '{m.group(3)}'"))
    return list(dict.fromkeys(out))


#: A number's bound said after it ("= 12 or more", "is 3 or fewer"): group 1 for at least.
_OR_MORE = re.compile(r"\s*(?:(or more|or above|or higher|or greater|or over|and up|and above)"
                      r"|or less|or fewer|or below|or under|or lower)\b", re.IGNORECASE)


_LEADING_CONDITION = re.compile(
    rf"^\s*({_IDENT}\s*(?:=|!=|<>|>=|<=|>|<)\s*{_VALUE})\s*,\s*", re.IGNORECASE
)
_WHERE_HEAD = re.compile(r"^\s*([A-Za-z_`][\w.`]*(?:\s*,\s*[A-Za-z_`][\w.`]*)*)\s+where\s+",
                         re.IGNORECASE)
_QUOTED_ONLY = re.compile(r"^\s*(?:'[^']{1,200}'|\"[^\"]{1,200}\")(?:\s*(?:,|or|and)\s*"
                          r"(?:'[^']{1,200}'|\"[^\"]{1,200}\"))*\s*$")
_QUOTE = gated(r"'([^']{1,200})'|\"([^\"]{1,200})\"")
_BARE_BETWEEN = re.compile(r"^\s*between\s+(-?\d+(?:\.\d+)?|'[^']*')\s+and\s+"
                           r"(-?\d+(?:\.\d+)?|'[^']*')\s*$", re.IGNORECASE)
_COLUMN_WORD = re.compile(r"^(?:the\s+)?(?:columns?|fields?|attributes?)\s+", re.IGNORECASE)


def _like(f: Filter) -> Filter:
    """``Title = '%Henry%'`` in a hint means LIKE: the wildcard says so."""
    if f.op in ("=", "!=") and isinstance(f.value, str) and "%" in f.value:
        return Filter(f.column, "like" if f.op == "=" else "not like", f.value, f.source)
    return f


def _literal_filters(text: str) -> list[Filter]:
    """``'POPLATEK TYDNE'`` or ``between 201308 and 201311`` with no column: the value(s)."""
    if _QUOTED_ONLY.match(text):
        values = [fold_text(a or b) for a, b in _QUOTE.findall(text)]
        return [Filter(None, "=", v, "hint") for v in values if v]
    m = _BARE_BETWEEN.match(text)
    if m:
        lo, hi = (x.strip("'") for x in m.groups())
        lo_v, hi_v = number(lo), number(hi)
        return [Filter(None, ">=", lo_v if lo_v is not None else lo, "hint"),
                Filter(None, "<=", hi_v if hi_v is not None else hi, "hint")]
    return []


def _identifiers(text: str) -> list[str]:
    cols = [m.group(1).lower() for m in _BACKTICK.finditer(text)]
    cols += [m.group(1).lower() for m in _SQLISH_IDENT.finditer(text)]
    return [c for c in dict.fromkeys(cols) if c not in _NOT_COLUMNS]


def _is_sqlish(text: str) -> bool:
    """Does ``text`` read as SQL (a condition, a call, an identifier, arithmetic, a quoted
    literal)? Each pattern is searched only where a character or word every match of it holds
    is in the text (most sides of a hint's clauses are prose, which every pattern fails on)."""
    low = text.lower()  # (the case-insensitive words below have no letter case folds oddly)
    return bool(
        ((_has_any(text, "<>!=(") or "ke" in low or "between" in low or "null" in low)
         and _CMP_OP.search(text))
        or ("(" in text and _HINT_AGG.search(text)) or ("`" in text and _BACKTICK.search(text))
        or _SQLISH_IDENT.search(text)
        or (_has_any(text, "/*+-") and _ARITH.search(_unquoted(text))) or _QUOTE.search(text)
    )


def _has_any(text: str, chars: str) -> bool:
    """Does ``text`` hold one of ``chars``?"""
    for c in chars:  # noqa: SIM110 (a loop: any() of a generator costs more)
        if c in text:
            return True
    return False


_SQL_WORDS = re.compile(r"\b(?:between|like|in|is|not|null|select|where)\b|[<>=]", re.IGNORECASE)


def _bare_columns(text: str) -> tuple[str, ...]:
    """``"first_name, last_name"``, ``"Url"``, ``"A11"``, ```Free Meal Count```: a short
    list of column names (prose such as "running contract, OK so far" is not one)."""
    text = _COLUMN_WORD.sub("", text.strip())
    if _SQL_WORDS.search(text):
        return ()  # "event_month BETWEEN 202107 AND 202109" is a condition, not names
    raw_parts = [p.strip() for p in re.split(r",|\band\b", text, flags=re.IGNORECASE)]
    raw_parts = [p for p in raw_parts if p]
    if not raw_parts or len(raw_parts) > 4:
        return ()
    cols: list[str] = []
    for p in raw_parts:
        quoted = p.startswith(("`", "[", '"'))
        p = p.strip(" .`'\"[]")
        if not p or not re.fullmatch(r"[A-Za-z_][\w. ()-]{0,60}", p):
            return ()
        words = p.split()
        if len(words) > 1 and not (quoted or "_" in p):
            return ()  # several plain words: prose, not a name
        if len(words) == 1 and p.lower() in _PROSE:
            return ()
        cols.append(p.split(".")[-1].lower())
    return tuple(cols)


def _clauses(hint: str) -> list[tuple[str, int]]:
    """The hint's clauses, each with where it starts in ``tokenize(hint).raw``: split at
    ``;``, new lines and full stops that end a sentence, never inside a quoted string."""
    text = tokenize(hint)
    out: list[tuple[str, int]] = []
    start = 0
    for tok in text.tokens:
        if tok.kind == "punct" and (tok.low == ";" or tok.low == "；" or (
            tok.low == "." and text.raw[tok.end : tok.end + 1] in (" ", "\n", ""))):
            piece = _stripped(text.raw, start, tok.start)
            if piece[0]:
                out.append(piece)
            start = tok.end
            if len(out) >= MAX_CLAUSES:
                return out
    rest = _stripped(text.raw, start, len(text.raw))
    if rest[0]:
        out.append(rest)
    # "SEX = 'Male', over 30,000 inhabitants refer to ...": a condition before a comma is a
    # clause of its own.
    split: list[tuple[str, int]] = []
    for clause, at in out[:MAX_CLAUSES]:
        m = _LEADING_CONDITION.match(clause)
        if m and clause[m.end():].strip():
            split.extend([_stripped(clause, m.start(1), m.end(1), at),
                          _stripped(clause, m.end(), len(clause), at)])
        else:
            split.append((clause, at))
    return split[:MAX_CLAUSES]


def _stripped(text: str, start: int, end: int, at: int = 0) -> tuple[str, int]:
    """``text[start:end].strip()`` and where it starts (``at`` added)."""
    piece = text[start:end]
    kept = piece.lstrip()
    return kept.rstrip(), at + start + len(piece) - len(kept)


def _binding_split(clause: str, lex: Lexicon, hint: Text | None = None, at: int = 0
                   ) -> tuple[str, str, bool] | None:
    """``(left, right, weak)`` around the clause's binding verb, or None. The clause's
    tokens are the hint's (``hint``, the clause starting at ``at`` in it) where tokenizing
    the clause alone would give the same (:func:`~stef_question.text.tokens_within`)."""
    within = None if hint is None else tokens_within(hint, at, at + len(clause))
    if hint is not None and within is not None:
        tokens, words = hint.tokens[within[0]:within[1]], hint.words[within[0]:within[1]]
    else:
        text = tokenize(clause)
        tokens, words, at = text.tokens, text.words, 0
    verbs = lex.starts("binding")
    weak_at: tuple[int, int] | None = None
    for i, tok in enumerate(tokens):
        if tok.kind != "word" or words[i] not in verbs:  # (else lex.at says None)
            continue
        m = lex.at("binding", words, i)
        if m is None:
            continue
        left = clause[: tok.start - at].strip()
        right = clause[tokens[m.end - 1].end - at :].strip()
        if m.meaning == "bind":
            return left, right, False
        if weak_at is None:
            weak_at = (i, m.end)
    # "X = Y" with prose on the left is a binding too.
    eq = clause.find("=")
    if eq > 0 and clause[eq - 1] not in "<>!" and clause[eq + 1 : eq + 2] != "=":
        left, right = clause[:eq].strip(), clause[eq + 1 :].strip()
        if len(left.split()) > 1 and not _is_sqlish(left):
            return left, right, False
    if weak_at is not None:
        i, e = weak_at
        left = clause[: tokens[i].start - at].strip()
        right = clause[tokens[e - 1].end - at :].strip()
        return left, right, True
    return None


_URL = gated(r"\b(?:https?|ftp)://\S+|`[^`]*`")


def _unquoted(text: str) -> str:
    """``text`` with its quoted literals, backticked names and URLs blanked (a URL, 'a/b' or
    ```Charter School (Y/N)``` is no ratio)."""
    return _URL.sub("x", _QUOTE.sub("''", text))


_CONDITION_ARG = re.compile(r"(?:[<>!]=?|=|<>|\bwhere\b|\bwhen\b)", re.IGNORECASE)


def _argument(text: str, start: int, cap: int = 240) -> str:
    """The text inside the parenthesis opened just before ``start`` (at most ``cap``
    characters: a hint is short)."""
    depth = 1
    end = min(len(text), start + cap)
    for i in range(start, end):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return text[start:i]
    return text[start:end]


#: What :func:`_meaning` reads of the SQL side of a clause.
_Meaning = tuple[tuple[Filter, ...], tuple[str, ...], tuple[str, ...], str | None, bool]


# Cached: a database's hints define the same things in many questions ("female refers to
# gender = 'F'"), and a clause's side is read the same whatever question it comes with.
@lru_cache(maxsize=QUESTION_CACHE)
def _meaning(side: str) -> _Meaning:
    """Filters, aggregates, directions, expression and ratio of the SQL side of a clause."""
    filters = [_like(f) for f in _conditions(side)]
    aggs: list[str] = []
    directions: list[str] = []
    ratio = False
    for m in _HINT_AGG.finditer(side) if "(" in side else ():  # every call has its "("
        func = m.group(1).upper()
        if func in ("DIVIDE", "DIV"):
            ratio = True
            continue
        if func == "CAST":
            continue
        if func == "MAX":
            directions.append("desc")
        elif func == "MIN":
            directions.append("asc")
        elif func == "SUM" and _CONDITION_ARG.search(_argument(side, m.end())):
            # "sum(Act = 1)": a count of the rows where it holds, or (loosely written) the
            # value of the row it picks ("SUM(Solution.Id = 83855)"): no function required
            continue
        aggs.append(func)
    expression = None
    bare = _untimed(_unquoted(side))  # "1/1/1980" is a date, not a division
    if _ARITH.search(bare) or ratio or aggs:
        expression = side.strip()
        if ratio or any(not _codes_or(m) for m in _SLASH.finditer(bare)):
            ratio = True
    return tuple(filters), tuple(aggs), tuple(directions), expression, ratio


#: A slash between two operands ("a / b", "SUM(x)/COUNT(*)").
_SLASH = re.compile(r"([\w`)\]]+)\s*/\s*([\w`(\[]+)")
_CODE = re.compile(r"[A-Z][A-Z0-9_]+")


def _codes_or(m: re.Match[str]) -> bool:
    """A slash between two codes ("other than CANCELLED / LATE_CANCEL") is "or", no division."""
    return bool(_CODE.fullmatch(m.group(1)) and _CODE.fullmatch(m.group(2)))


def _untimed(text: str) -> str:
    """``text`` with its time expressions blanked ("Q3 2021", "1/1/1980", the season
    "2026/27" are no SQL).

    >>> _untimed("passes sold for the 2026/27 season").split()
    ['passes', 'sold', 'for', 'the', 'season']
    """
    if not any(map(str.isdigit, text)):
        return text
    seasons = [m.span() for m in YEAR_SPAN.finditer(text[:MAX_CHARS]) if year_span(*m.groups())]
    return mask_spans(text, [*time_spans(text), *seasons])


@lru_cache(maxsize=QUESTION_CACHE)  # (as _meaning: the same clause in many hints)
def _sides(left: str, right: str, weak: bool) -> tuple[str, str] | None:
    """``(phrase, meaning)`` of a binding: the meaning is the side that reads as SQL ("female
    refers to gender = 'F'"; "A11 refers to average salary" binds the other way). A weak verb
    ("is") binds only a phrase to SQL; ``("", "")`` reads the clause as plain conditions."""
    left_sql, right_sql = _is_sqlish(_untimed(left)), _is_sqlish(_untimed(right))
    if weak:
        return (left, right) if right_sql and not left_sql else ("", "")
    if right_sql and not (left_sql and _bare_columns(right) and not _QUOTE.search(right)):
        return left, right
    if left_sql:
        return right, left
    if _bare_columns(right):
        return left, right
    if _bare_columns(left):
        return right, left
    return None


def read_hint(hint: str, lex: Lexicon | None = None, *, with_bindings: bool = True) -> Hint:
    """Everything a hint says: conditions, bindings, aggregates, expressions, columns.
    With ``with_bindings=False`` (a reformulated question) only its conditions, aggregates and
    expressions are read."""
    if not hint:
        return Hint()
    hint = hint[:MAX_CHARS]  # a pasted log line is not a definition: read its head only
    if not with_bindings:
        found = tuple(dict.fromkeys(_like(f) for f in _conditions(hint)))
        _, r_aggs, r_dirs, r_expr, r_ratio = _meaning(hint)
        return Hint(filters=found, fragments=found, aggregations=tuple(dict.fromkeys(r_aggs)),
                    directions=tuple(r_dirs), expressions=(r_expr,) if r_expr and r_ratio else (),
                    ratio=r_ratio, relations=relations(hint))
    lex = lex or lexicon()
    filters: list[Filter] = []
    fragments: list[Filter] = []
    explained: list[str] = []
    bindings: list[Binding] = []
    aggs: list[str] = []
    directions: list[str] = []
    exprs: list[str] = []
    columns: list[str] = []
    ratio = False
    tokens = tokenize(hint)  # (made by _clauses: cached) the clauses' tokens are its own
    for clause, at in _clauses(hint):
        split = _binding_split(clause, lex, tokens, at)
        phrase, side = "", clause
        if split is not None:
            left, right, weak = split
            sides = _sides(left, right, weak)
            if sides is None:
                # prose on both sides ("Active loan refers to running contracts"): nothing to
                # check, but the question's phrase is explained by the hint
                if not weak and left:
                    explained.append(left.strip(" '\"").lower())
                continue
            phrase, side = sides if sides[1] else ("", clause)
        c_filters, c_aggs, c_dirs, expr, c_ratio = _meaning(side)
        if not c_filters:
            c_filters = tuple(_literal_filters(side))
        cols = _identifiers(side) if (c_aggs or expr) else []
        bare = () if (c_filters or c_aggs or expr) else _bare_columns(side)
        shown = _WHERE_HEAD.match(side)
        if shown and c_filters and not bare:
            bare = _bare_columns(shown.group(1))  # "GEOID where INCOME_K BETWEEN ...": GEOID
        if not phrase:
            fragments.extend(c_filters)
        filters.extend(c_filters)
        aggs.extend(a for a in c_aggs if a not in aggs)
        directions.extend(c_dirs)
        ratio = ratio or c_ratio
        if expr:
            exprs.append(expr)
        columns.extend(cols)
        columns.extend(bare)
        phrase = _FILLER.sub("", phrase.strip(" ,.:'\"").strip())
        if phrase and len(phrase) <= 120 and (c_filters or bare or expr or c_aggs):
            bindings.append(Binding(phrase=phrase.lower(), filters=tuple(c_filters),
                                    columns=tuple(bare), expression=expr))
        elif c_filters and phrase:
            fragments.extend(c_filters)
    return Hint(
        filters=tuple(dict.fromkeys(filters)),
        fragments=tuple(dict.fromkeys(fragments)),
        bindings=tuple(bindings),
        aggregations=tuple(aggs),
        directions=tuple(directions),
        expressions=tuple(exprs),
        columns=frozenset(c for c in columns if len(c) > 1),
        ratio=ratio,
        explained=tuple(explained),
        relations=relations(hint),
    )


# --------------------------------------------------------------------------------------------
# anchoring a binding's phrase in the question
# --------------------------------------------------------------------------------------------

_ANCHOR_SKIP = frozenset({"the", "a", "an", "of", "is", "are", "in"})


def _content(words: list[tuple[int, str]]) -> list[tuple[int, str]]:
    return [(i, w) for i, w in words if w not in _ANCHOR_SKIP]


_Anchored = tuple[Text | None, tuple[tuple[int, str], ...], list[tuple[int, str]], list[str]]
#: The last question :func:`anchor` read and what it made of it (its quoted tokens, content
#: words and their forms): a record anchors each of its hint's phrases in one question. One
#: entry, replaced whole (read once, so a thread never mixes two questions' parts).
_ANCHORED: list[_Anchored] = [(None, (), [], [])]


def _anchor_words(question: Text) -> _Anchored:
    """The question's quoted tokens (index, low), content words (index, low) and their
    forms, made once per question (known by identity: a :class:`Text` never changes)."""
    last = _ANCHORED[0]
    if last[0] is question:
        return last
    quoted = tuple((i, t.low) for i, t in enumerate(question.tokens) if t.kind == "quoted")
    qwords = _content([(i, t.low) for i, t in enumerate(question.tokens) if t.kind != "punct"])
    # Two words are the same when they are equal but for trailing s's (a singular matches its
    # plural): compared as stripped forms, made once per word, not once per comparison.
    qforms = [w.rstrip("s") for _, w in qwords]
    last = _ANCHORED[0] = (question, quoted, qwords, qforms)
    return last


#: The spans :func:`anchor` found in the last question, by phrase: a record anchors each of
#: its bindings' phrases two or three times (the bindings that pick one of several values,
#: then every binding, then the phrases the hint explains). One entry, replaced whole.
_SPANS: list[tuple[Text | None, dict[str, tuple[int, int] | None]]] = [(None, {})]
#: Most phrases kept for one question (a hint is capped, so its phrases are few).
_MAX_SPANS = 256


def anchor(question: Text, phrase: str) -> tuple[int, int] | None:
    """The question's token span the phrase names (case-insensitive, articles and
    punctuation ignored; a singular matches its plural), or None."""
    last = _SPANS[0]
    if last[0] is not question:
        last = _SPANS[0] = (question, {})
    spans = last[1]
    if phrase in spans:
        return spans[phrase]
    span = _anchor(question, phrase)
    if len(spans) < _MAX_SPANS:
        spans[phrase] = span
    return span


def _anchor(question: Text, phrase: str) -> tuple[int, int] | None:
    folded = " ".join(phrase.strip(" '\"“”‘’").split()).casefold()
    _, quoted, qwords, qforms = _anchor_words(question)
    for i, low in quoted:
        if low == folded:
            return i, i + 1  # the phrase is a quoted value of the question
    ptoks = tokenize(phrase).tokens
    pwords = [w for _, w in _content([(i, t.low) for i, t in enumerate(ptoks)
                                      if t.kind != "punct"])]
    if not pwords or len(pwords) > 16:
        return None
    n, k = len(qwords), len(pwords)
    pforms = [w.rstrip("s") for w in pwords]
    first = pforms[0]
    for i in range(n - k + 1):
        if qforms[i] == first and qforms[i : i + k] == pforms:
            return qwords[i][0], qwords[i + k - 1][0] + 1
    return None


def loosely_anchored(question: Text, phrase: str) -> bool:
    """Do most of the phrase's content words (three letters or more) occur in the question
    ("monthly issurance" for "monthly statement issuance"), and every number it names ("place
    with 44114 inhabitants" is not "the place with 25746 inhabitants")?"""
    ptoks = tokenize(phrase).tokens
    pwords = {stem(t.low) for t in ptoks
              if t.kind == "word" and len(t.low) >= 3 and t.low not in _ANCHOR_SKIP}
    if not pwords:
        return False
    qwords = {stem(t.low) for t in question.tokens if t.kind == "word"}
    numbers = {t.low for t in ptoks if t.kind == "number"}
    if numbers - {t.low for t in question.tokens if t.kind == "number"}:
        return False
    return 2 * len(pwords & qwords) >= len(pwords)


def loose_span(question: Text, phrase: str) -> tuple[int, int] | None:
    """The window of the question holding most of the phrase's content words in a short
    stretch ("time that a coin reaches its highest price" in "When did Bitcoin reach its
    highest price"), or None."""
    pwords = [stem(t.low) for t in tokenize(phrase).tokens
              if t.kind == "word" and len(t.low) >= 3 and t.low not in _ANCHOR_SKIP]
    if not pwords or len(pwords) > 16:
        return None
    wanted = set(pwords)
    hits = [i for i, t in enumerate(question.tokens)
            if t.kind == "word" and stem(t.low) in wanted]
    if 2 * len({stem(question.tokens[i].low) for i in hits}) < len(wanted):
        return None
    start, end = hits[0], hits[-1] + 1
    if end - start > 3 * len(pwords) + 2:
        return None
    return start, end
