"""Academic terms: a term named by a season and a year, one requirement the question makes,
met by the data's term code or by the term's dates.

A school, a university's intake cycles, a league's seasons or a fashion retailer's collections
name their periods by a season and a year ("fall 2026 applicants", "Spring '27 intake", "the
fall 26 term", "summer session 2026", "AY 2026-27", "the SS26 collection", "FA26 withdrawals"),
and the data keeps them as a code on a term column (``intake_term = '2026FA'``, ``term_cd =
'FA26'``, ``term = 'Fall 2026'``, ``term_id = 202608``, ``entry_term LIKE '2026%'``) or as the
term's dates. Read word by word, such a term made a bare year period, a season word ('fall'), a
number (26) or an academic year's spellings, none of which a term code answers: a right answer
lost points (critical ones for "fall 26") and a wrong term code got a minor finding at most.

What the question requires is read from its words only (the question and its reformulation):
each term it names is one requirement, listed as ``? in fall 2026`` whatever the SQL, and the
requirements the term's own words made word by word (its year, its season word, its number, an
academic year's spellings) are no requirements of their own. What changes with the SQL is
whether the requirement is met:

* **met** by a literal that encodes the term's year (four or two digits) and season
  (FA/F/FALL/AUT/08/09, SP/S/SPR/01/02, SU/SUM/05/06/07, WI/W/WIN/12/01; SS/FW/AW for a
  collection) on a term-like column (its name holds ``term``, ``semester``, ``session``,
  ``intake``, ``cycle``, ``season``, ``collection``, ``entry``, ``ay`` ...), or on any column
  when it spells the season in words ('Fall 2026', a terms table's name); by the year and the
  season on two columns (``acad_yr = '2026-27' AND season_cd = 'FA'``, ``yr = 2026 AND term =
  'fall'``); by dates inside the season (a term from late August to mid-December, fall's
  months); an academic year by one of its spellings ('2026-27', '2627') or by dates inside it;
  by the code the reformulation gives the term ("Fall 2026 (202710)", "(season_id 106)"),
  whose other codes of that form are other terms;
* **met on the year only** (``filter.missing`` minor) by a code whose season part cannot be
  read (``LIKE '2026%'``, Banner's ``'202710'``), by the season alone, or by dates that cover
  the whole year around the season. A code numbered by the year its academic year ends in gives
  a fall or summer term the next year's number (Banner's '202710' is fall 2026 at many
  colleges), so such a code meets a fall or summer term of its year or the one before, a spring
  or winter term of its own year;
* **doubtful** (``filter.missing`` minor): a code, its season unread, whose year only a
  numbering by the year the academic year starts in gives (spring 2027 as '202620'): the two
  numberings disagree there and one code cannot tell them apart;
* **mismatched** (``filter.value_mismatch`` major, what a period the SQL holds wrongly gets) by
  a code of another season, or of another year (its season read or not, where no numbering gives
  that year), or, where no code speaks of the term, by dates wholly outside the season; a code
  that meets another term the question names is none ("fall 2026 vs fall 2025");
* **keyed** (``filter.missing`` minor): a bare number on a term-named column (``season_id =
  106``, ``term_id = 42``) keeps a term by its key, which one cannot be read; no guard, no extra;
* **absent**: nothing of the SQL speaks of the term:
  ``filter.missing``, as severe as the words' own reading was (minor for a bare year or a
  season word, major where it was a strong requirement such as "fall 26"'s number or an academic
  year's spellings, which were critical).

>>> from stef_core.spec import Filter, Period, QuestionSpec, SqlSpec
>>> q = QuestionSpec(text="how many applicants for fall 2026", periods=(Period(
...     None, "2026-01-01", "2027-01-01", grain="year", source="question", text="2026"),))
>>> t = read_terms(q, SqlSpec(filters=(Filter("intake_term", "=", "2026fa"),)))
>>> t.asked, t.matched, t.question.periods, t.wrong
(['? in fall 2026'], ['intake_term = fall 2026'], (), 0)
>>> t = read_terms(q, SqlSpec(filters=(Filter("intake_term", "=", "2025fa"),)))
>>> t.asked, t.wrong, t.reasons[0].code, t.reasons[0].severity
(['? in fall 2026'], 1, 'filter.value_mismatch', 'major')
>>> t = read_terms(q, SqlSpec(filters=(Filter("term_cd", "=", "202710"),)))
>>> t.asked, t.wrong, t.reasons[0].code, t.reasons[0].severity
(['? in fall 2026'], 0, 'filter.missing', 'minor')
>>> t = read_terms(q, SqlSpec(filters=(Filter("term_id", "=", 42),)))
>>> t.asked, t.matched, t.reasons[0].severity
(['? in fall 2026'], [], 'minor')
>>> [(t.years, sorted(t.seasons)) for t in terms_asked("FA26 drops vs spring/summer 2026")]
[((2026,), ['spring', 'summer']), ((2026,), ['fall'])]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache

from stef_core.limits import QUESTION_CACHE
from stef_core.models import Reason
from stef_core.periods import name_kind
from stef_core.reasons import reason
from stef_core.spec import Filter, Period, QuestionSpec, SqlSpec
from stef_core.values import year_span

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
#: A season word and two digits that say a change or a measure, not a term: "prices that fall
#: 10 percent", "will fall 5 points", "spring 12 inches".
_NOT_A_YEAR = re.compile(
    r"\b(?:that|which|who|to|will|would|could|may|might|did|does|do|can|should)\s+"
    r"(?:fall|spring)\b|\b(?:fall|autumn|spring|summer|winter)\s+\d{2}\s*(?:%|percent|pct|"
    r"points?|pts|degrees?|days?|weeks?|months?|hours?|hrs|minutes?|mins|times|feet|ft|"
    r"inch(?:es)?|cm|mm|km|miles?|kg|lbs?|units?|items?)\b",
    re.IGNORECASE)
#: A term code's season letters, as the question may say them ("FA26").
_SAID_CODES = {"fa": "fall", "sp": "spring", "su": "summer", "wi": "winter"}
#: The code said in parentheses right after a term: "Fall 2026 (202710)", "Fall 2026 term
#: (term_cd 202710)", "(Fall 2026, 202710)"; a bare four-digit number is a year, no code.
_SAID_CODE = re.compile(
    r"(?:\s+(?:term|semester|session|quarter|intake|season))?\s*[(,]\s*"
    r"(?:(?P<key>[a-z_]*(?:term|season|session|semester|intake|code|cd|id)[a-z_]*)\s*[:=]?\s*)?"
    r"'?(?P<code>(?=[a-z]*\d)[0-9a-z]{1,8})'?\s*[),]", re.IGNORECASE)
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
#: How many SQL filters, values and periods are looked at (bounded work on long inputs).
_MAX_FILTERS, _MAX_VALUES, _MAX_PERIODS = 64, 16, 32


@dataclass(frozen=True, slots=True)
class Term:
    """A term the question names: its years (one, or the two of an academic year), its seasons
    (empty for an academic year), as said; ``words`` what the words made requirements of."""

    years: tuple[int, ...]
    seasons: frozenset[str]
    text: str
    words: frozenset[str]
    #: The data's code the words give the term ("Fall 2026 (202710)", "Spring 2026 (term_cd
    #: 202620)"): that literal is the term, however the code is numbered.
    codes: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        """The term in plain words, for the requirement and messages: ``fall 2026``,
        ``spring/summer 2026``, ``academic year 2026-27``."""
        if len(self.years) == 2:
            return f"academic year {self.years[0]}-{self.years[1] % 100:02d}"
        order = ("spring", "summer", "fall", "winter")
        return f"{'/'.join(s for s in order if s in self.seasons)} {self.years[0]}"


@dataclass(frozen=True, slots=True)
class Code:
    """What a term literal encodes: its year (None: no year) and seasons (empty: unread), or
    the two years of an academic year (``span``)."""

    year: int | None
    seasons: frozenset[str]
    span: tuple[int, int] | None = None


@dataclass
class TermReading:
    """The terms the question names (:attr:`asked`, a function of the question only), the
    question with the term's own words' requirements taken out, and what the SQL says of each
    term (folded into :func:`stef_align.filters.align_filters`)."""

    question: QuestionSpec
    asked: list[str] = field(default_factory=list)
    consumed: tuple[Filter, ...] = ()  # SQL filters that speak of a term: no extras
    periods: tuple[Period, ...] = ()  # SQL periods that do: compared here, not as periods
    matched: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    wrong: int = 0
    strong: int = 0  # terms that decide the filter status (met, mismatched, or strong words)
    #: the names of the terms the SQL keeps whole (its code, name or dates; within an academic
    #: year it keeps), not on their year or season only (stef_align.defined_terms reads them)
    kept: list[str] = field(default_factory=list)
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
            if not 1990 <= year <= 2099 or (
                    len(groups["year"]) == 2 and not groups.get("code")
                    and _NOT_A_YEAR.search(text[max(0, m.start() - 12):m.end() + 12])):
                continue
            words = {w.lower() for w in re.findall(r"[a-z]+", m.group(0), re.IGNORECASE)}
            digits = groups["year"].lstrip("'")
            whole = re.sub(r"[\s']+", "", m.group(0).lower())  # "SS26" read as a code
            code = _SAID_CODE.match(text, m.end())
            if code and not code["key"] and not _code_shaped(code["code"]):
                code = None  # "(2025)", "(u10b)": no term code said without a key word
            found.append(Term((year,), seasons, m.group(0),
                              frozenset({*words, digits, str(year), whole}),
                              frozenset({code["code"].lower()}) if code else frozenset()))
    for m in _SPAN.finditer(text):
        first, second = int(m["first"]), m["second"]
        end = int(second) if len(second) == 4 else first // 100 * 100 + int(second)
        if end != first + 1:
            continue
        words = {w.lower() for w in re.findall(r"[a-z]+", m.group(0), re.IGNORECASE)}
        found.append(Term((first, end), frozenset(), m.group(0),
                          frozenset({*words, m["first"], second})))
    return found


def _code_shaped(text: str) -> bool:
    """Does ``text``, said without a key word, look like a term code: a number of five to
    eight digits ('202710') or a year with season letters ('FA26', '2026FA')?"""
    if text.isdigit():
        return 5 <= len(text) <= 8
    code = decode(text, True)
    return code is not None and bool(code.seasons)


def question_terms(q: QuestionSpec) -> list[Term]:
    """The terms the question and its reformulation name, each once: a term said twice (the
    question's "fall 26", the reformulation's "Fall 2026") is one requirement, made of both
    mentions' words."""
    return list(_merged_terms(q.text)) if q.text else []


@lru_cache(maxsize=QUESTION_CACHE)
def _merged_terms(text: str) -> tuple[Term, ...]:
    # Read once per question text (every record goes through align_filters, and the versions
    # of an agent ask the same questions); a text without two digits in a row names no term
    # (each mention holds a year of two or four digits), so most questions cost one scan:
    # the four patterns are case-insensitive and open with a word boundary, about half a
    # million instructions a hint-long text, and a hint's "= 1" holds a digit but no year.
    if not _YEAR_DIGITS.search(text):
        return ()
    if text.isascii() and not _TERM_SAID.search(text.lower()):
        return ()  # no season, academic or school year, nor a short code before a year
    merged: dict[tuple[tuple[int, ...], frozenset[str]], Term] = {}
    for t in terms_asked(text):
        seen = merged.get((t.years, t.seasons))
        merged[(t.years, t.seasons)] = t if seen is None else replace(
            seen, words=seen.words | t.words, codes=seen.codes | t.codes)
    return tuple(merged.values())


_YEAR_DIGITS = re.compile(r"\d\d")
#: What every mention holds (in :data:`_MENTIONS` and :data:`_SPAN`): a season word, "academic"
#: or "school", or a short code or pair ("fa", "ss", "ay") opening a word, followed by a blank,
#: an apostrophe or the year's digits. Searched in the lower-cased text, so only an ASCII one
#: (the patterns' IGNORECASE also matches the long s and the Kelvin sign for "s" and "k").
_TERM_SAID = re.compile(r"fall|autumn|spring|summer|winter|academic|school"
                        r"|(?<![a-z0-9_])(?:ss|fw|aw|fa|sp|su|wi|ay|sy)[\s'\d]")


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


#: The offsets from a term's year that a code whose season cannot be read may carry: its own
#: year (a calendar numbering) or, for a term that opens an academic year, the next one (a
#: numbering by the year the academic year ends in: Banner's '202710' for fall 2026) meet the
#: year; the year before for a spring, summer or winter term is what a numbering by the year
#: the academic year starts in gives it, which the other numbering reads as another term:
#: doubtful, not another term.
_NUMBERED = {"fall": (0, 1), "spring": (0,), "summer": (0, 1), "winter": (0,)}
_DOUBTFUL = {"fall": (), "spring": (-1,), "summer": (-1,), "winter": (-1, 1)}


def _meets(term: Term, code: Code) -> str:
    """``"term"``: the code is the term; ``"year"``: its year (the season unread, or an
    academic-year code); ``"season"``: its season alone ('FA'); ``"doubt"``: a year only one
    numbering gives the term, the season unread; ``"other"``: another term."""
    if code.span is not None:
        if len(term.years) == 2:
            return "term" if code.span == term.years else "other"
        return "year" if term.years[0] in code.span else "other"
    if code.year is None:
        if len(term.years) == 2:
            return "season"
        return "season" if code.seasons & term.seasons else "other"
    if len(term.years) == 2:
        if code.seasons:
            return "term" if code.year in term.years else "other"
        # the year an academic year ends in (or, beside its first, both: _academic_year); its
        # first year alone is a numbering by the year it starts in, or a calendar fall term
        return "year" if code.year == term.years[1] else (
            "doubt" if code.year == term.years[0] else "other")
    year = term.years[0]
    if code.seasons:
        return "term" if code.year == year and code.seasons & term.seasons else "other"
    step = code.year - year
    if any(step in _NUMBERED[s] for s in term.seasons):
        return "year"
    return "doubt" if any(step in _DOUBTFUL[s] for s in term.seasons) else "other"


#: Where a season's term may lie, as (years, month, day) from its year: a fall term from July
#: to mid-January, a spring one from December before to May ... (a term's start, census or end
#: date, or its months, fall inside).
_WINDOWS = {"fall": ((0, 7, 1), (1, 1, 16)), "spring": ((-1, 12, 1), (0, 6, 1)),
            "summer": ((0, 4, 15), (0, 9, 16)), "winter": ((-1, 11, 1), (0, 4, 1))}
#: The heart of each season, which dates that answer it must cover.
_CORES = {"fall": ((0, 9, 1), (0, 12, 1)), "spring": ((0, 2, 1), (0, 5, 1)),
          "summer": ((0, 6, 1), (0, 9, 1)), "winter": ((0, 1, 1), (0, 3, 1))}


def _span(term: Term, table: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]]
          ) -> tuple[str, str]:
    """The stretch of dates (ISO, half-open) ``table`` gives the term's seasons."""
    if len(term.years) == 2:  # an academic year: its summer before to its summer after
        return ((f"{term.years[0]}-06-01", f"{term.years[1]}-09-16") if table is _WINDOWS
                else (f"{term.years[0]}-10-01", f"{term.years[1]}-04-01"))
    year = term.years[0]
    starts, ends = [], []
    for season in term.seasons:
        (dy, m, d), (ey, em, ed) = table[season]
        starts.append(f"{year + dy}-{m:02d}-{d:02d}")
        ends.append(f"{year + ey}-{em:02d}-{ed:02d}")
    return min(starts), max(ends)


def _dated(term: Term, p: Period) -> str | None:
    """Dates the SQL bounds: ``"term"`` inside the term's stretch, ``"year"`` covering it and
    more, ``"other"`` wholly outside it; None when they overlap it in part."""
    if not (isinstance(p.start, str) and isinstance(p.end, str)):
        return None
    start, end = p.start[:10], p.end[:10]
    low, high = _span(term, _WINDOWS)
    if start >= low and end <= high:
        return "term"
    if end <= low or start >= high:
        return "other"
    core_low, core_high = _span(term, _CORES)
    return "year" if start <= core_low and end >= core_high else None


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


def _period_made_by(p: Period, words: frozenset[str]) -> bool:
    """A bare year the words name inside a term ("fall 2026" read as 2026)."""
    return p.grain == "year" and p.column is None and p.text.strip("'") in words


def _spellings(term: Term) -> frozenset[str]:
    """An academic year's spellings ('2026-27', '2627', '202627' ...), any column's value."""
    if len(term.years) != 2:
        return frozenset()
    return frozenset(year_span(str(term.years[0]), str(term.years[1])) or ())


#: A literal the question gives as a term's code, read as that term (:attr:`Term.codes`).
_SAID = Code(None, frozenset(), None)
#: A bare number on a term-named column (``season_id = 106``, ``term_id = 42``): a term kept by
#: its key, which term cannot be read.
_KEY = Code(None, frozenset(), None)


def _codes(sql: SqlSpec, terms: list[Term]) -> list[tuple[Filter, list[tuple[str, Code]]]]:
    """The SQL's filters whose every value is a term code (or a code the words give a term),
    with what each encodes."""
    said = frozenset().union(*(t.codes for t in terms))
    coded: list[tuple[Filter, list[tuple[str, Code]]]] = []
    for f in sql.filters[:_MAX_FILTERS]:
        if (not f.column or f.op not in ("=", "in", "like") or f.excluded or f.relation
                or name_kind(f.column) == "date"):
            continue
        term_column = _term_column(f.column)
        values = [str(v).lower() for v in f.values[:_MAX_VALUES] if not isinstance(v, bool)]
        codes = [(v, _SAID if v in said else decode(v, term_column)
                  or (_KEY if term_column and v.isdigit() and f.op != "like" else None))
                 for v in values]
        if codes and all(c is not None for _, c in codes):
            coded.append((f, [(v, c) for v, c in codes if c is not None]))
    return coded


def _academic_year(term: Term, coded: list[tuple[Filter, list[tuple[str, Code]]]],
                   verdicts: list[tuple[Filter, str]]) -> list[tuple[Filter, str]]:
    """An academic year kept by codes whose season is unread: a filter that holds codes of
    both its years ('202608', '202701' read without their months) keeps it (a calendar
    numbering)."""
    both = {id(f) for f, codes in coded
            if {c.year for _, c in codes if c.span is None and not c.seasons}
            >= set(term.years)}
    return [(f, "year" if v in ("doubt", "other") and id(f) in both else v)
            for f, v in verdicts]


def _shape(code: str) -> str:
    """A code's form: its letters and digits ('202710' -> '999999', 'FA26' -> 'aa99')."""
    return re.sub(r"\d", "9", re.sub(r"[a-z]", "a", code.lower()))


def _code_verdicts(term: Term, coded: list[tuple[Filter, list[tuple[str, Code]]]],
                   sql: SqlSpec) -> list[tuple[Filter, str]]:
    """What each term code of the SQL says of ``term`` (:func:`_meets`); a code the words
    give this term is the term, one they give another term says nothing of this one."""
    verdicts: list[tuple[Filter, str]] = []
    for f, codes in coded:
        for value, c in codes:
            if value in term.codes:
                verdicts.append((f, "term"))
            elif _shape(value) in {_shape(said) for said in term.codes}:
                # the reformulation gives the term's code ("Fall 2026 (202710)") and the SQL
                # keeps another code of that form ('202610'): another term
                verdicts.append((f, "other"))
            elif c is _KEY:
                verdicts.append((f, "key"))
            elif c is not _SAID:
                verdicts.append((f, _meets(term, c)))
    if len(term.years) == 2:
        verdicts = _academic_year(term, coded, verdicts)
        spelled = _spellings(term)
        seen = {id(f) for f, _ in verdicts}
        verdicts += [(f, "term") for f in sql.filters[:_MAX_FILTERS]
                     if id(f) not in seen and f.op in ("=", "in") and not f.excluded
                     and not f.relation and any(str(v).lower() in spelled
                                                for v in f.values[:_MAX_VALUES])]
    return verdicts


def _dates(sql: SqlSpec) -> list[Period]:
    return [p for p in sql.periods[:_MAX_PERIODS]
            if p.column and not p.negated and not p.excluded and not p.periodic]


@dataclass(frozen=True, slots=True)
class _Item:
    """One thing of the SQL that speaks of a term: a code filter, or a bounded date."""

    filters: tuple[Filter, ...]
    text: str
    period: Period | None = None


@dataclass
class _Said:
    """What the SQL says of one term."""

    kept: list[_Item] = field(default_factory=list)
    year: list[_Item] = field(default_factory=list)
    season: list[_Item] = field(default_factory=list)
    doubt: list[_Item] = field(default_factory=list)
    other: list[_Item] = field(default_factory=list)
    key: list[_Item] = field(default_factory=list)

    def sort(self, verdict: str, item: _Item) -> None:
        {"term": self.kept, "year": self.year, "season": self.season, "doubt": self.doubt,
         "other": self.other, "key": self.key}[verdict].append(item)


def _shown(p: Period) -> str:
    return f"{p.column} in [{str(p.start)[:10]}, {str(p.end)[:10]})"


def _met(item: _Item, said: str) -> str:
    """The matched entry: ``term_cd = fall 2026``, ``start_dt in [...): fall 2026``."""
    if item.period is not None:
        return f"{item.text}: {said}"
    return f"{item.filters[0].column} = {said}"


def _said(term: Term, codes: list[tuple[Filter, str]], dated: list[tuple[Period, str]],
          keeping: set[int], own_periods: bool) -> tuple[_Said, bool]:
    """Sort the SQL's codes and dates by what they say of ``term``; True when dates decide."""
    s = _Said()
    for f, v in codes:
        if v != "term" and id(f) in keeping:
            continue  # a code that meets another term the question names
        s.sort(v, _Item((f,), f.describe()))
    if s.kept or s.other or s.doubt or (s.year and s.season):
        return s, False
    by_dates = False
    coded = bool(s.year or s.season or s.key)
    for p, v in dated:
        if v == "other" and (coded or own_periods or id(p) in keeping):
            # dates of another event of a term a code keeps (its registrations, before it),
            # of the question's own period, or of another term the question names
            continue
        if v == "term" or (v == "year" and s.season) or not coded:
            s.sort(v, _Item(p.parts, _shown(p), p))
            by_dates = True
    return s, by_dates


def _within(inner: Term, outer: Term) -> bool:
    """Is term ``inner`` one of academic year ``outer``'s terms ("AY 2025-26 (Fall 2025,
    Spring 2026, Summer 2026)")?"""
    if len(outer.years) != 2 or len(inner.years) != 1:
        return False
    low, high = _span(outer, _WINDOWS)
    start, end = _span(inner, _CORES)
    return start >= low and end <= high


def read_terms(q: QuestionSpec, sql: SqlSpec,
               defined: Mapping[str, frozenset[str]] | None = None) -> TermReading | None:
    """The question's terms, checked against the SQL's term codes and dates; None when the
    question names no term. Which terms are required, and which of the question's other
    requirements are the terms' own words, depends on the question alone. ``defined``: the
    codes the deployment's ruleset gives a term, by its name (``term "fall 2026" = term_cd =
    '202710'``: stef_align.defined_terms), read as the code the words give it."""
    terms = question_terms(q)
    if not terms:
        return None
    if defined:
        terms = [replace(t, codes=t.codes | defined[t.name]) if t.name in defined else t
                 for t in terms]
    words = frozenset().union(*(t.words for t in terms))
    made = [f for f in q.filters if _made_by(f, words)]
    question = replace(
        q, filters=tuple(f for f in q.filters if f not in made),
        periods=tuple(p for p in q.periods if not _period_made_by(p, words)))
    out = TermReading(question=question, asked=[f"? in {t.name}" for t in terms])
    coded = _codes(sql, terms)
    periods = _dates(sql)
    codes = {id(t): _code_verdicts(t, coded, sql) for t in terms}
    dated = {id(t): [(p, v) for p in periods if (v := _dated(t, p)) is not None]
             for t in terms}
    # a code or dates that meet one of the asked terms are no other term of another ("fall
    # 2026 vs fall 2025" / IN ('2026FA', '2025FA'))
    meeting = {id(t): {id(f) for f, v in codes[id(t)] if v in ("term", "year")}
               | {id(p) for p, v in dated[id(t)] if v == "term"} for t in terms}
    said: dict[int, tuple[_Said, bool]] = {}
    for term in terms:
        keeping = set().union(*(meeting[id(t)] for t in terms if t is not term))
        said[id(term)] = _said(term, codes[id(term)], dated[id(term)], keeping,
                               bool(question.periods))
    # the terms of an academic year the SQL keeps are kept with it
    years_kept = [t for t in terms if len(t.years) == 2 and (
        said[id(t)][0].kept or said[id(t)][0].year)]
    used: list[_Item] = []
    thin: list[str] = []  # terms met on their year (or season) only
    for term in terms:
        name = term.name
        s, by_dates = said[id(term)]
        # dates that meet a term the question also bounds by a period of its own stay that
        # period's to compare ("fall 2026 advising in September 2026")
        consume = not (by_dates and question.periods)
        whole = next((t for t in years_kept if _within(term, t)), None)
        if s.kept or (s.year and s.season):
            first = (s.kept or s.year)[0]
            out.matched.append(_met(first, name))
            out.kept.append(name)
            used += (s.kept + s.year + s.season) if consume else []
            out.strong += 1
        elif s.other:
            used += s.other
            out.strong += 1
            out.wrong += 1
            out.missing.append(f"? in {name}")
            what = "dates outside it" if by_dates else "another term"
            out.reasons.append(reason(
                "filter.value_mismatch",
                f"the question asks for the term {name} but the SQL filters "
                f"{s.other[0].text}, {what}", "major"))
        elif whole is not None:
            out.matched.append(f"? in {name}: {whole.name}")
            out.kept.append(name)
            out.strong += 1
        elif s.year or s.season:
            first = (s.year or s.season)[0]
            out.matched.append(_met(first, name))
            used += (s.year + s.season) if consume else []
            out.strong += 1
            thin.append(f"{name} ({first.text})")
        elif s.key:
            # kept by a key that cannot be read (``season_id = 106``): perhaps the term
            used += s.key
            out.reasons.append(reason(
                "filter.missing",
                f"the question names the term {name}; the SQL keeps {s.key[0].text}, a key "
                "that may stand for it (which term it is cannot be read)", "minor"))
        elif s.doubt:
            used += s.doubt
            out.reasons.append(reason(
                "filter.missing",
                f"the question names the term {name}; the SQL keeps {s.doubt[0].text}, "
                "a code of another year: that term only where terms are numbered by the year "
                "their academic year starts in", "minor"))
        else:
            # the words' own reading made a strong requirement of this term ("fall 26"'s 26,
            # an academic year's spellings): absent, it is as missing as that was (at most
            # major: a term kept in a way not read is no wrong value)
            strong = any(f.strength == "strong" and _made_by(f, term.words) for f in made)
            if strong:
                out.strong += 1
                out.missing.append(f"? in {name}")
            out.reasons.append(reason(
                "filter.missing",
                f"the question names the term {name} but no SQL filter keeps it (no term "
                "code, no dates of the term)", "major" if strong else "minor"))
    if thin:
        out.reasons.append(reason(
            "filter.missing",
            f"the question names the term{'s' if len(thin) > 1 else ''} {', '.join(thin)}: "
            "the SQL's code or dates say the year, not the term itself (a season part that "
            "cannot be read, or dates around the term)", "minor"))
    out.consumed = tuple(dict.fromkeys(f for item in used for f in item.filters))
    out.periods = tuple(dict.fromkeys(item.period for item in used if item.period is not None))
    return out
