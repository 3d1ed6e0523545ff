"""Academic terms: a term named by a season and a year, kept by the data's term code.

A school, a university's intake cycles or a fashion retailer's collections name their periods
by a season and a year ("fall 2026 applicants", "Spring '27 intake", "the fall 26 term",
"summer session 2026", "AY 2026-27", "the SS26 collection"), and the data keeps them as a code
on a term column: ``intake_term = '2026FA'``, ``term_cd = 'FA26'``, ``term = 'Fall 2026'``,
``term_id = 202608``, ``entry_term LIKE '2026%'``, ``collection_cd = 'SS26'``. The question's
words alone read as a bare year, a season word ('fall') or a number (26) that no filter
compares, so a right answer lost points for a requirement it keeps in the data's terms.

Where the question names such a term (also by its code: "FA26 withdrawals") and the SQL
compares a term-like column (its name holds ``term``, ``semester``, ``session``, ``intake``,
``cycle``, ``season``, ``collection`` ...) or any column with a literal that spells a season
and a year in words ('Fall 2026'), or bounds a term's own date (``term_start_dt``):

* a literal that encodes the asked year (four or two digits) and the asked season
  (FA/F/FALL/AUT/08/09, SP/S/SPR/01/02, SU/SUM/05/06/07, WI/W/WIN/12/01; SS/FW/AW for a
  collection), or the year and the season on two columns (``acad_yr = '2026-27' AND season_cd
  = 'FA'``), or a term date inside the season, keeps the term: the requirements the term's
  words made (the year, the season word, the number) are answered, and the filter is no
  extra;
* a literal whose season part cannot be read (``LIKE '2026%'``, ``term_cd = '202710'``, an
  academic year '2026-27') keeps the year only: answered, with a minor finding. A code
  numbered by the year its academic year ends in gives a fall term the next year's number
  (Banner's '202710' is fall 2026 at many colleges), so such a code keeps a fall or summer
  term of its year or the one before, a spring or winter term of its own year only (a
  numbering by the year the academic year starts in would give spring 2027 '202620', which
  is spring 2026 in the other numbering: not read), an academic year by codes of its last
  year or of both its years;
* a literal that encodes another season, or another year with its season read, where no
  literal of the SQL keeps the term, answers another term: ``filter.value_mismatch`` major (a
  code that keeps another term the question names is none: "fall 2026 vs fall 2025"); a year
  no numbering gives, the season unread ('202410' for fall 2026, or a term numbered in a way
  not read), decides nothing: the other readers score it as before.

A bare id (``term_id = 42``) is no code. Measured on a probe of 63 records written and labelled
before the code (tuned and held-out production records unread): right < 75 21/32 -> 3/32,
wrong >= 75 1/31 -> 0/31.

>>> from stef_core.spec import Filter, QuestionSpec, SqlSpec
>>> q = QuestionSpec(text="how many applicants for fall 2026",
...                  filters=(Filter(None, "=", "fall", "question", "weak"),))
>>> kept = Filter("intake_term", "=", "2026fa")
>>> t = read_terms(q, SqlSpec(filters=(kept,)))
>>> t.matched, t.question.filters, t.consumed == (kept,)
(['intake_term = fall 2026'], (), True)
>>> t = read_terms(q, SqlSpec(filters=(Filter("intake_term", "=", "2025fa"),)))
>>> t.wrong, t.reasons[0].code, t.reasons[0].severity
(1, 'filter.value_mismatch', 'major')
>>> t = read_terms(q, SqlSpec(filters=(Filter("term_cd", "=", "202710"),)))
>>> t.wrong, t.reasons[0].code, t.reasons[0].severity
(0, 'filter.missing', 'minor')
>>> read_terms(q, SqlSpec(filters=(Filter("term_cd", "=", "202410"),))) is None
True
>>> read_terms(q, SqlSpec()) is None
True
>>> [(t.years, sorted(t.seasons)) for t in terms_asked("FA26 drops vs spring/summer 2026")]
[((2026,), ['spring', 'summer']), ((2026,), ['fall'])]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from stef_core.models import Reason
from stef_core.periods import name_kind
from stef_core.reasons import reason
from stef_core.spec import Filter, Period, QuestionSpec, SqlSpec

#: The seasons the words name, folded: autumn is fall.
_SEASON_WORDS = {"fall": "fall", "autumn": "fall", "spring": "spring", "summer": "summer",
                 "winter": "winter"}
#: A fashion collection's two-season names: spring/summer, fall/winter, autumn/winter.
_PAIRS = {"ss": frozenset({"spring", "summer"}), "fw": frozenset({"fall", "winter"}),
          "aw": frozenset({"fall", "winter"})}
#: Words that may stand between a season and its year ("summer session 2026", "fall term 26").
_TERM_WORD = r"(?:term|semester|session|quarter|intake|cycle|entry|season|collection)"
_SEASON = r"(?P<season>fall|autumn|spring|summer|winter)"
_PAIR = (r"(?P<pair>spring\s*/\s*summer|fall\s*/\s*winter|autumn\s*/\s*winter|"
         r"ss|fw|aw)")
_YEAR = r"(?P<year>\d{4}|'?\d{2})"
_MENTIONS = (
    # "fall 2026", "Spring '27", "summer session 2026", "fall 26 term", "spring/summer 2026"
    re.compile(rf"\b(?:{_SEASON}|{_PAIR})(?:\s+{_TERM_WORD})?\s*{_YEAR}(?![\d/-])",
               re.IGNORECASE),
    # "the 2026 fall term", "2027 spring intake"
    re.compile(rf"(?<![\d/-])(?P<year>\d{{4}})\s+{_SEASON}\b", re.IGNORECASE),
    # a term said by its code: "FA26 withdrawals", "SP2027 sections"
    re.compile(r"\b(?P<code>fa|sp|su|wi)'?(?P<year>\d{4}|\d{2})\b", re.IGNORECASE),
)
#: A term code's season letters, as the question may say them ("FA26").
_SAID_CODES = {"fa": "fall", "sp": "spring", "su": "summer", "wi": "winter"}
#: "AY 2026-27", "academic year 2026/27", "school year 2025-2026"
_SPAN = re.compile(r"\b(?:ay|sy|academic\s+year|school\s+year)\s+(?P<first>\d{4})\s*[-/]\s*"
                   r"(?P<second>\d{4}|\d{2})\b", re.IGNORECASE)

#: Name parts of a column that holds a term code.
_TERM_PARTS = frozenset({"term", "terms", "trm", "semester", "sem", "session", "sess",
                         "intake", "cycle", "season", "ssn", "collection", "coll", "ay",
                         "acad", "entry"})
#: Season codes at the start or end of a code ("2026FA", "FA26", "SP2027", "2026-SPRING").
_CODE_SEASONS = {"fall": "fall", "autumn": "fall", "aut": "fall", "fa": "fall", "f": "fall",
                 "fal": "fall", "spring": "spring", "spr": "spring", "sp": "spring",
                 "s": "spring", "summer": "summer", "sum": "summer", "su": "summer",
                 "winter": "winter", "win": "winter", "wi": "winter", "w": "winter",
                 "wtr": "winter"}
#: The month a numeric code ends with (``202608``): the season its term starts in; 01 starts a
#: spring semester or a winter quarter. Other months say no season.
_CODE_MONTHS = {"08": {"fall"}, "09": {"fall"}, "01": {"spring", "winter"},
                "02": {"spring"}, "05": {"summer"}, "06": {"summer"}, "07": {"summer"},
                "12": {"winter"}}
_CODE = re.compile(r"(?P<a>[a-z]*)(?P<year>\d{4}|\d{2})(?P<b>[a-z]*)")


@dataclass(frozen=True, slots=True)
class Term:
    """A term the question names: its years (one, or the two of an academic year) and its
    seasons (empty: any, for an academic year); ``words`` what the words made requirements of."""

    years: tuple[int, ...]
    seasons: frozenset[str]
    text: str
    words: frozenset[str]


@dataclass(frozen=True, slots=True)
class Code:
    """What a term literal encodes: its year (None: no year) and seasons (empty: unread)."""

    year: int | None
    seasons: frozenset[str]
    span: tuple[int, int] | None = None


@dataclass
class TermReading:
    """The question with the term's own requirements taken out, and what the SQL's term
    filters say of them (folded into :func:`stef_align.filters.align_filters`)."""

    question: QuestionSpec
    consumed: tuple[Filter, ...] = ()
    asked: list[str] = field(default_factory=list)  # the terms decided, as required filters
    matched: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    wrong: int = 0
    required: int = 0
    reasons: list[Reason] = field(default_factory=list)


def _year(text: str) -> int:
    digits = text.lstrip("'")
    return int(digits) if len(digits) == 4 else 2000 + int(digits)


def terms_asked(text: str) -> list[Term]:
    """The terms ``text`` names by a season and a year, or as an academic year."""
    found: list[Term] = []
    for pattern in _MENTIONS:
        for m in pattern.finditer(text):
            groups = m.groupdict()
            if groups.get("code"):
                seasons = frozenset({_SAID_CODES[groups["code"].lower()]})
            elif groups.get("pair"):
                pair = re.sub(r"\s+", "", groups["pair"].lower())
                seasons = (_PAIRS[pair] if pair in _PAIRS
                           else frozenset(_SEASON_WORDS[w] for w in pair.split("/")))
            else:
                seasons = frozenset({_SEASON_WORDS[groups["season"].lower()]})
            year = _year(groups["year"])
            if not 1990 <= year <= 2099:
                continue
            words = {w.lower() for w in re.findall(r"[a-z]+", m.group(0), re.IGNORECASE)}
            digits = groups["year"].lstrip("'")
            whole = re.sub(r"[\s']+", "", m.group(0).lower())  # "SS26" read as a code
            found.append(Term((year,), seasons, m.group(0),
                              frozenset({*words, digits, str(year), whole})))
    for m in _SPAN.finditer(text):
        first, second = int(m["first"]), m["second"]
        end = int(second) if len(second) == 4 else first // 100 * 100 + int(second)
        if end != first + 1:
            continue
        words = {w.lower() for w in re.findall(r"[a-z]+", m.group(0), re.IGNORECASE)}
        found.append(Term((first, end), frozenset(), m.group(0),
                          frozenset({*words, m["first"], second})))
    return found


def _term_column(column: str) -> bool:
    return bool(set(re.split(r"[_\W]+", column.lower().split(".")[-1])) & _TERM_PARTS)


def decode(value: object, term_column: bool) -> Code | None:
    """The year and season a literal encodes, or None when it is no term code. On a column not
    named like a term only a literal that spells a season word and a year counts."""
    if isinstance(value, bool):
        return None
    text = str(value).lower().strip().rstrip("%").strip()
    if not text or len(text) > 24:
        return None
    words = re.findall(r"[a-z]+", text)
    spelled = [_SEASON_WORDS[w] for w in words if w in _SEASON_WORDS]
    years = re.findall(r"(?<!\d)(\d{4}|\d{2})(?!\d)", text)
    if spelled and years and len(years) == 1:
        return Code(_year(years[0]), frozenset(spelled))
    if not term_column:
        return None
    compact = re.sub(r"[\s_/'-]+", "", text)
    span = re.fullmatch(r"(?:ay|sy)?(\d{4})(\d{4}|\d{2})", compact)
    if span and len(compact.lstrip("asy")) in (6, 8):
        first = int(span[1])
        second = int(span[2]) if len(span[2]) == 4 else first // 100 * 100 + int(span[2])
        if second == first + 1 and not (len(span[2]) == 2 and span[2] in _CODE_MONTHS
                                        and not compact.startswith(("ay", "sy"))
                                        and "-" not in text and "/" not in text):
            return Code(None, frozenset(), (first, second))
    numeric = re.fullmatch(r"(\d{4})(\d{2})?", compact)
    if numeric:
        year = int(numeric[1])
        if not 1990 <= year <= 2099:
            return None
        return Code(year, frozenset(_CODE_MONTHS.get(numeric[2] or "", set())))
    if compact in _CODE_SEASONS and len(compact) > 1:
        return Code(None, frozenset({_CODE_SEASONS[compact]}))  # season = 'FA' (its year apart)
    m = _CODE.fullmatch(compact)
    if m is None or (m["a"] and m["b"]) or not (m["a"] or m["b"]):
        return None  # (a bare number of two digits is an id: ``term_id = 42``)
    letters = m["a"] or m["b"]
    if letters in _PAIRS:
        seasons = _PAIRS[letters]
    elif letters in _CODE_SEASONS:
        seasons = frozenset({_CODE_SEASONS[letters]})
    elif letters in ("fy", "ay", "sy"):
        seasons = frozenset()
    else:
        return None
    year = _year(m["year"])
    return Code(year, seasons) if 1990 <= year <= 2099 else None


#: The years a code whose season part cannot be read may carry for a term of a season: its own
#: (a calendar numbering), or, for a term that opens an academic year, the next one (a code
#: numbered by the year the academic year ends in, Banner's '202710' for fall 2026). A spring
#: term numbered by the year before (by the year its academic year starts) is not read: the
#: two numberings disagree there, and one code cannot tell them apart.
_NUMBERED = {"fall": (0, 1), "spring": (0,), "summer": (0, 1), "winter": (0,)}


def _meets(term: Term, code: Code) -> str:
    """``"term"``: the code is the term; ``"year"``: its year (the season unread, or an
    academic-year code); ``"season"``: its season alone ('FA'); ``"other"``: another term, year
    and season read; ``"other year"``: a year no numbering gives the term, the season unread;
    ``"other season"``: another season alone."""
    if code.span is not None:
        if len(term.years) == 2:
            return "term" if code.span == term.years else "other"
        return "year" if term.years[0] in code.span else "other year"
    if code.year is None:
        if len(term.years) == 2:
            return "season"
        return "season" if code.seasons & term.seasons else "other season"
    if len(term.years) == 2:
        if code.year in term.years and code.seasons:
            return "term"
        if code.seasons:
            return "other"
        # (the year it ends in, or both: a code of its first year alone is the numbering by
        # the year an academic year starts in, or a calendar fall term: see _academic_year)
        return "year" if code.year == term.years[1] else "other year"
    year = term.years[0]
    if code.seasons:
        return "term" if code.year == year and code.seasons & term.seasons else "other"
    steps = {step for season in term.seasons for step in _NUMBERED[season]}
    return "year" if code.year - year in steps else "other year"


#: Where a season's term may lie, as (month, day) offsets from its year: a fall term from July
#: to mid-January, a spring one from December before to May ... (a census or start date of the
#: term falls inside).
_WINDOWS = {"fall": ((0, 7, 1), (1, 1, 16)), "spring": ((-1, 12, 1), (0, 6, 1)),
            "summer": ((0, 4, 15), (0, 9, 16)), "winter": ((-1, 11, 1), (0, 4, 1))}


def _window(term: Term) -> tuple[str, str]:
    """The stretch of dates (ISO, half-open) a term's own dates lie in."""
    if len(term.years) == 2:  # an academic year: its summer before to its summer after
        return f"{term.years[0]}-06-01", f"{term.years[1]}-09-16"
    year = term.years[0]
    starts, ends = [], []
    for season in term.seasons:
        (dy, m, d), (ey, em, ed) = _WINDOWS[season]
        starts.append(f"{year + dy}-{m:02d}-{d:02d}")
        ends.append(f"{year + ey}-{em:02d}-{ed:02d}")
    return min(starts), max(ends)


def _dated(term: Term, p: Period) -> str | None:
    """A bound on a term's own date (``term_start_dt``, ``census_dt`` of a terms table, named
    like a term): ``"term"`` inside the term's stretch, ``"other"`` wholly outside it."""
    if not (isinstance(p.start, str) and isinstance(p.end, str)):
        return None
    low, high = _window(term)
    if p.start >= low and p.end <= high:
        return "term"
    if p.end <= low or p.start >= high:
        return "other"
    return None


def _made_by(f: Filter, words: frozenset[str]) -> bool:
    """Is question-side requirement ``f`` one the term's words made (the season word, the
    year, the two-digit number, an academic year's spellings)?"""
    values = f.value if isinstance(f.value, tuple) else (f.value,)
    if f.column is not None or f.op != "=":
        return False
    for v in values:
        text = str(v).lower().lstrip("'")
        if text in words or (text.isdigit() and str(int(text)) in {
                str(int(w)) for w in words if w.isdigit()}):
            continue
        if isinstance(f.value, tuple) and any(w.isdigit() and len(w) == 4 and w in text
                                               for w in words):
            continue  # one of an academic year's spellings ('2026/27', '2627')
        if isinstance(f.value, tuple) and any(len(w) == 4 and w.isdigit() and
                                              w[2:] in text for w in words):
            continue
        return False
    return True


def _academic_year(term: Term, coded: list[tuple[Filter, list[Code]]],
                   verdicts: list[tuple[Filter, str]]) -> list[tuple[Filter, str]]:
    """An academic year kept by codes whose season is unread: a filter that holds codes of
    both its years ('202608', '202701' read without their months) keeps it, a calendar
    numbering; codes of its first year alone say another numbering or another year (Banner
    numbers AY 2025-26 '2026xx'), so they stay ``"other year"`` (at most minor)."""
    both = {id(f) for f, codes in coded
            if {c.year for c in codes if c.span is None and not c.seasons} >= set(term.years)}
    return [(f, "year" if v == "other year" and id(f) in both else v) for f, v in verdicts]


def _period_made_by(p: Period, term: Term) -> bool:
    """A bare year the question names inside the term ("fall 2026" read as 2026)."""
    return (p.source == "question" and p.grain == "year" and p.column is None
            and p.text.strip("'") in term.words)


def _verdicts(term: Term, q: QuestionSpec, coded: list[tuple[Filter, list[Code]]],
              dated: list[Period]) -> list[tuple[Filter, str]]:
    """What each term code and term date of the SQL says of ``term`` (:func:`_meets`)."""
    verdicts = [(f, _meets(term, c)) for f, codes in coded for c in codes]
    if len(term.years) == 2:
        verdicts = _academic_year(term, coded, verdicts)
    for p in dated:
        verdict = _dated(term, p)
        if verdict is not None:
            verdicts += [(f, verdict) for f in p.parts]
    return verdicts


def read_terms(q: QuestionSpec, sql: SqlSpec) -> TermReading | None:
    """The question's terms, checked against the SQL's term codes; None when the question
    names no term or the SQL compares no term code (the other readers decide then)."""
    # one term said twice (the question's "fall 26", the reformulation's "Fall 2026") is one
    # requirement, made of both mentions' words
    merged: dict[tuple[tuple[int, ...], frozenset[str]], Term] = {}
    for t in terms_asked(q.text) if q.text else []:
        seen = merged.get((t.years, t.seasons))
        merged[(t.years, t.seasons)] = t if seen is None else replace(
            seen, words=seen.words | t.words)
    terms = list(merged.values())
    if not terms:
        return None
    coded: list[tuple[Filter, list[Code]]] = []
    for f in sql.filters[:64]:
        if (not f.column or f.op not in ("=", "in", "like") or f.excluded or f.relation
                or name_kind(f.column) == "date"):
            continue
        term_column = _term_column(f.column)
        codes = [decode(v, term_column) for v in f.values[:16]]
        if codes and all(c is not None for c in codes):
            coded.append((f, [c for c in codes if c is not None]))
    dated = [p for p in sql.periods[:32]
             if p.column and p.parts and not p.negated and not p.excluded
             and _term_column(p.column) and name_kind(p.column) == "date"]
    if not coded and not dated:
        return None
    out = TermReading(question=q)
    decided: list[Term] = []
    used: list[Filter] = []
    judged = {id(term): _verdicts(term, q, coded, dated) for term in terms}
    # a code that keeps one of the asked terms is no other term of another ("fall 2026 vs
    # fall 2025" / IN ('2026FA', '2025FA'))
    keeping = {id(f) for v in judged.values() for f, verdict in v if verdict == "term"}
    for term in terms:
        out.required += 1
        decided.append(term)
        out.asked.append(f"? = {term.text.strip().lower()}")
        verdicts = [(f, v) for f, v in judged[id(term)]
                    if v == "term" or id(f) not in keeping]
        kept = [f for f, v in verdicts if v == "term"]
        by_year = [f for f, v in verdicts if v == "year"]
        seasons = [f for f, v in verdicts if v == "season"]
        said = term.text.strip()
        if kept or (by_year and seasons):
            # the code, or its year and its season on two columns (acad_yr = '2026-27' AND
            # season = 'FA')
            out.matched.append(f"{(kept or by_year)[0].column} = {said.lower()}")
            used += kept + by_year + seasons
            continue
        other = [f for f, v in verdicts if v in ("other", "other season")]
        if by_year and not other:
            out.matched.append(f"{by_year[0].column} = {said.lower()}")
            used += by_year
            out.reasons.append(reason(
                "filter.missing",
                f"the question names the term {said}; the SQL keeps it by "
                f"{by_year[0].describe()}, a code that says its year, not its season",
                "minor"))
            continue
        if other:
            # a season read and another one, or another year with its season: another term
            used += other
            out.wrong += 1
            out.missing.append(f"? = {said.lower()}")
            out.reasons.append(reason(
                "filter.value_mismatch",
                f"the question asks the term {said} but the SQL filters {other[0].describe()}, "
                "another term", "major"))
            continue
        # nothing said of this term (a season code alone, another term's code, a year no
        # numbering gives it with its season unread: '202410' for fall 2026, a term perhaps
        # numbered in a way not read): left to the other readers
        out.required -= 1
        decided.pop()
        out.asked.pop()
    if not decided:
        return None
    words = frozenset().union(*(t.words for t in decided))
    used_set = list(dict.fromkeys(used))
    out.consumed = tuple(used_set)
    out.question = replace(
        q,
        filters=tuple(f for f in q.filters if not _made_by(f, words)),
        periods=tuple(p for p in q.periods if not any(_period_made_by(p, t) for t in decided)))
    return out
