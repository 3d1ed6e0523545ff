"""Values: quoted strings, proper names (one word or several), codes and numbers the question
names, each with ``=`` or, after a negation, ``!=``; and lower-case words that restrict the
rows before their noun (lexicon ``value_word``: a status, colour, country or gender, "open
tickets", "female patients"; ``state_participle`` after a determiner, "how many cancelled
subscriptions"), a letter grade after an article ("got an A"). A word the data may spell
several ways ("female": 'F') carries every spelling (lexicon ``spelling``).

What is *not* a value: identifiers of the question's own vocabulary ("IDs", "K-12"), number
ranges that describe a column ("aged 5-17", "grades 1-12"), the k of "top 3" (claimed by the
superlative), numbers of a comparative (claimed by it), units, words R_app lists as ``ignore``,
and a single capitalised word that only opens a sentence.

Strength: a quoted value, a name or code placed as a value by the words around it ("in
Rotterdam", "from 'ACME'", "named X", "run by X", "X's"), a number after "id" / "No." and a
whole number naming one thing ("customer 42", "season 12") are *strong*: the SQL must
constrain it; so are names listed after one such cue ("to Canada or Mexico"). A capitalised
term elsewhere ("the SAT test", "a School Ownership Code": often the data's own vocabulary)
and a bare number are *weak*.

The SQL counterpart is a predicate on the value (``city = 'Rotterdam'``, ``IN``, ``LIKE``),
anywhere it constrains the result.

>>> from stef_question.lexicon import lexicon
>>> from stef_question.text import tokenize
>>> def vals(q):
...     return [(v.op, v.value, v.strength) for v in read(tokenize(q), lexicon(), frozenset())]
>>> vals("List the warehouses located in Rotterdam.")
[('=', 'rotterdam', 'strong')]
>>> vals("List the IDs of K-12 students aged 5-17 in grades 1-12 not in 'Paris'.")
[('!=', 'paris', 'strong')]
>>> vals("How many games did the Los Angeles Lakers win in season 12?")
[('=', 'los angeles lakers', 'weak'), ('=', 12, 'strong')]
>>> vals("Which sailors have a name that does not contain the letter e?")
[('!=', 'e', 'strong')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from stef_core.countries import is_country_code
from stef_core.spec import Op, Scalar, Strength
from stef_core.values import fold_text, number
from stef_question.concepts.comparatives import negated_after, negated_before
from stef_question.concepts.seasons import season_at
from stef_question.lexicon import Lexicon
from stef_question.text import Text, Token

#: Most values read from one text: a question naming more is a pasted list, and every one
#: beyond the cap would cost alignment work without changing the verdict.
MAX_VALUES = 48
_CONNECTORS = frozenset({"of", "de", "da", "del", "della", "la", "le", "du", "des", "van",
                         "von", "der", "den", "y", "e", "&", "and", "the", "'n'", "-", "st",
                         "las", "los", "el", "di", "do", "dos", "das", "al", "ter", "ten"})
_PLURAL_ACRONYM = re.compile(r"^[A-Z]{2,}s$")
_CODE = re.compile(r"^(?=.*[A-Z])(?:[A-Z0-9]{2,}|[A-Z]+[-_.]?\d[\w-]*|\d+[A-Z][\w-]*"
                   r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$")
_ID_CUES = frozenset({"id", "no", "number", "#", "code", "nr", "num"})
#: A temperature written with its scale's letter ("25F", "-18C").
_DEGREES = re.compile(r"\d+(?:\.\d+)?[FfCc]")
#: Words a bound is said with, before its number.
_BOUND_WORDS = frozenset({"below", "above", "under", "over", "than", "least", "most", "to",
                          "from", "between", "and", "exceeding", "past", "beyond"})
_NUMBERED = re.compile(r"(?:id|no|nr|num)[-_.#]?(\d{1,9})")
#: A code said as a plural ("P1s", "L2s", "T3s"): the code is the value, the "s" is English.
_PLURAL_CODE = re.compile(r"^[A-Z]+[-_.]?\d+s$")
_PLURAL_NAME = re.compile(r"^[A-Z][a-z]+s$")
_GRADE = re.compile(r"[A-F]")
#: Words after which a state participle is an adjective ("the cancelled orders").
_STATE_DETERMINERS = frozenset({"the", "all", "many", "of", "any", "no", "these", "those",
                                "every", "each", "show", "list", "count", "find", "give",
                                # a quantity or a relation before the noun: "the most
                                # completed lifts", "visits per completed job", "customers
                                # with cancelled orders"
                                "most", "fewest", "per", "for", "with"})
#: Nouns after which a participle names a grouping or a column, not a state ("by booked date",
#: "per delivered status"): the rows are broken down by it, not restricted to it.
_STATE_COLUMN_NOUNS = frozenset({"date", "dates", "time", "times", "timestamp", "status",
                                 "state", "flag", "type", "reason", "reasons", "amount", "value"})
_TITLE_WORDS = frozenset({"dr", "mr", "mrs", "ms", "prof", "professor", "doctor", "sir"})


@dataclass(frozen=True, slots=True)
class Value:
    """A value the question names: ``op`` is ``=`` or ``!=``; ``kind`` quoted, name, code or
    number; ``start``/``end`` its token span."""

    value: Scalar | tuple[Scalar, ...]  # a tuple: any one of these spellings
    op: Op
    kind: str
    strength: Strength
    start: int
    end: int
    text: str


def _year(token: str) -> bool:
    return len(token) == 4 and token.isdigit() and 1800 <= int(token) <= 2100


def _cue_before(text: Text, lex: Lexicon, i: int) -> str | None:
    """The value cue ("in", "named", "code" ...) right before token ``i``, skipping "the"."""
    j = i - 1
    while j >= 0 and text.tokens[j].low in ("the", "a", "an"):
        j -= 1
    if j < 0:
        return None
    return lex.get("value_cue", text.tokens[j].low)


_FUNCTION_WORDS = frozenset({
    "in", "of", "and", "or", "to", "for", "with", "at", "by", "from", "on", "who", "which",
    "that", "is", "are", "was", "were", "has", "have", "had", "as", "than", "but", "not", "be",
    "been", "does", "do", "did", "will", "can", "during", "between", "since", "before",
    "after", "where", "when", "whose", "under", "over", "into", "per", "each", "if", "while",
    "also", "only", "then", "there", "this", "these", "those", "it", "its", "they", "their",
    "what", "how", "why", "all", "any", "both", "the", "a", "an",
})


def _modifies(text: Text, end: int) -> bool:
    """Is the name ending at token ``end`` followed by a common noun it qualifies?"""
    if end >= len(text.tokens):
        return False
    nxt = text.tokens[end]
    verb = len(nxt.low) > 4 and nxt.low.endswith(("ed", "ing"))  # "sessions in Germany bounced"
    return nxt.kind == "word" and not nxt.cap and nxt.low not in _FUNCTION_WORDS and not verb


def _ignored(lex: Lexicon, word: str) -> bool:
    return lex.has("ignore", word) or lex.has("stop_proper", word)


def _name_runs(text: Text, lex: Lexicon, skip: frozenset[int]) -> list[tuple[int, int]]:
    """Maximal runs of capitalised words, joined by connectors ("Bank of America")."""
    toks = text.tokens
    n = len(toks)
    runs: list[tuple[int, int]] = []
    i = 0
    while i < n:
        if i in skip or not toks[i].cap:
            i += 1
            continue
        j = i + 1
        while j < n and j not in skip:
            if toks[j].cap and toks[j].kind == "word":
                j += 1
                continue
            if _abbreviated(toks, j) and j + 1 not in skip:
                j += 2  # "St. Mary's Hospital", "Mt. Hood": the full stop ends a short word
                continue
            # one or two connectors between capitalised words: "Bank of America", "Alameda
            # de las Pulgas", "Ludwig van der Rohe"
            k = j
            while k < n and k - j < 2 and k not in skip and toks[k].low in _CONNECTORS \
                    and toks[k].low != "and" and not toks[k].cap:
                k += 1
            if k > j and k < n and k not in skip and toks[k].cap and toks[k].kind == "word" \
                    and not (j == i + 1 and toks[i].sentence_start and toks[k].text.isupper()):
                # (not "Sales of PAID print orders": a sentence's first word, capital by
                # typography, before a code in capitals is no name of the two)
                j = k + 1
                continue
            break
        runs.append((i, j))
        i = j
    return runs


def _abbreviated(toks: tuple[Token, ...], j: int) -> bool:
    """Is ``toks[j]`` the full stop of an abbreviation inside a name: a capitalised word of at
    most three letters right before it ("St", "Mt", "Ft", "Dr"), a capitalised word right
    after it ("St. Mary's", "Mt. Sinai")?"""
    if j + 1 >= len(toks) or toks[j].text != "." or j == 0:
        return False
    prev, nxt = toks[j - 1], toks[j + 1]
    return (prev.kind == "word" and prev.cap and len(prev.text) <= 3 and prev.text.isalpha()
            and not prev.text.isupper() and nxt.kind == "word" and nxt.cap)


def _trim(text: Text, lex: Lexicon, i: int, j: int) -> tuple[int, int]:
    """Drop question words and R_app ``ignore`` words from both ends of a name run."""
    toks = text.tokens
    while i < j and (_ignored(lex, toks[i].low) or _PLURAL_ACRONYM.match(toks[i].text)
                     or toks[i].text == "."):  # "Dr. Chen": the title's full stop goes with it
        i += 1
    while j > i and (_ignored(lex, toks[j - 1].low) or _PLURAL_ACRONYM.match(toks[j - 1].text)
                     or (toks[j - 1].low in _CONNECTORS and not toks[j - 1].cap)):
        j -= 1
    return i, j


def _name_value(toks: tuple[Token, ...]) -> str:
    words = [t.text for t in toks]
    last = words[-1]
    if last.endswith(("'s", "’s")):
        words[-1] = last[:-2]
    # an abbreviation's full stop stays on its word: "st. mary's hospital"
    return fold_text(" ".join(words).replace(" . ", ". "))


def _strength(text: Text, lex: Lexicon, a: int, b: int, code: bool) -> Strength:
    """How surely a name run is a value.

    A name is asked for as a value where the words place it as one: "in Rotterdam", "named
    X", "run by X", "the population of São Paulo", or a code with digits ("MRN-00781").
    Title-cased terms elsewhere ("a School Ownership Code", "the SAT test", "Shakespeare's
    works") are often the data's own vocabulary, and a single name that modifies a noun
    ("French movies", "SME customers") may be a category read through another column.
    """
    run = text.tokens[a:b]
    if code and any(ch.isdigit() for ch in run[0].text):
        return "strong"
    cue = _cue_before(text, lex, a)
    if len(run) == 1 and _modifies(text, b):
        return "weak"
    if cue in ("in", "named", "is", "by") or (cue == "of" and len(run) > 1):
        return "strong"
    return "weak"


#: An amount written with its scale ("$1M", "50k", "2.5bn"), and what places one: a currency
#: sign or a comparison before it ("more than $1M", ">= 5M", "over 50k").
_SCALED_AMOUNT = re.compile(r"\d+(?:\.\d+)?(?:k|m|mm|b|bn)", re.IGNORECASE)
_AMOUNT_BEFORE = frozenset({"$", "€", "£", ">", "<", "=", "than", "over", "above", "under",
                            "below", "least", "most", "exceeding", "exceeds", "to", "between"})


def _amount(text: Text, i: int) -> bool:
    """Is token ``i`` a scaled amount ("more than $1M in AUM", "UHNW >= 5M"), no code?"""
    return (i > 0 and _SCALED_AMOUNT.fullmatch(text.tokens[i].text) is not None
            and text.tokens[i - 1].low in _AMOUNT_BEFORE)


#: Cues that leave a thing out by naming it ("other than spectrographs", "except warranty
#: jobs"): a code given in parentheses right after the thing is the code of what is left out.
#: ("not", "no", "without" are left out: "not shipped (status 'PENDING')" may give the code
#: of the state the rows are in instead.)
_EXCLUDING_CUES = frozenset({"except", "except for", "excluding", "excl", "exclude",
                             "other than", "apart from", "aside from", "leaving out",
                             "leave out", "omitting"})
#: Most tokens between a parenthesis and the quoted code it gives ("(instrument_type =
#: 'SPEC')"), and between an excluding cue and that parenthesis ("other than hard-shell
#: cases (").
_PAREN_REACH = 6
_CUE_REACH = 6


def _restates_excluded(text: Text, lex: Lexicon, i: int) -> bool:
    """Is the quoted token ``i`` a parenthesis's code for the thing an excluding cue just
    before it names ("Instruments other than spectrographs (instrument_type 'SPEC')")? The
    parenthesis restates the words it follows, their polarity included.

    The parenthesis opens at most :data:`_PAREN_REACH` tokens before the code (no other
    punctuation in between but ``=`` and ``:``), and the cue ends at most :data:`_CUE_REACH`
    words before the parenthesis, within its clause (no punctuation between them).
    """
    toks = text.tokens
    p = i - 1
    while p >= max(0, i - _PAREN_REACH) and toks[p].low != "(":
        if toks[p].kind == "punct" and toks[p].low not in ("=", ":", "_"):
            return False
        p -= 1
    if p < 0 or toks[p].low != "(":
        return False
    words = text.words
    for k in range(p - 1, max(-1, p - _CUE_REACH - 3), -1):
        if toks[k].kind == "punct" and toks[k].low not in ("'", "-"):
            return False
        m = lex.at("negation", words, k)
        if m is not None and m.end <= p and " ".join(words[m.start:m.end]) in _EXCLUDING_CUES:
            return p - m.end <= _CUE_REACH
    return False


#: Cues after a thing and its parenthesised code that leave it out ("cancelled ones ('CNCL',
#: 'LATE_CNCL') left out", "jobs postponed for weather ('WX') are not counted"), as an agent's
#: reformulation writes them.
_TRAILING_CUES = (("left", "out"), ("excluded",), ("not", "counted"), ("don't", "count"),
                  ("dont", "count"), ("do", "not", "count"), ("removed",), ("filtered", "out"),
                  ("omitted",), ("ignored",), ("dropped",), ("not", "included"),
                  ("taken", "out"), ("kept", "out"), ("leaving", "out"))
#: Most tokens between the parenthesis a code closes and a trailing cue.
_TRAIL_REACH = 10


def _excluded_after(text: Text, i: int) -> bool:
    """Is the quoted token ``i`` a parenthesis's code for a thing a cue after it leaves out
    ("self-pay claims (payer_type 'SELF') left out", "refunded ('R') and cancelled ('X') orders
    left out")? The parenthesis closes within :data:`_PAREN_REACH` tokens; the cue follows
    within :data:`_TRAIL_REACH` tokens of the same clause (no punctuation but parentheses and
    the codes inside them). (Session 44, issue 20.)

    >>> from stef_question.text import tokenize
    >>> t = tokenize("cancelled ones ('CNCL', 'LATE_CNCL') left out")
    >>> [_excluded_after(t, k) for k, x in enumerate(t.tokens) if x.kind == "quoted"]
    [True, True]
    >>> t = tokenize("orders (status 'SHIPPED'), refunds left out")
    >>> [_excluded_after(t, k) for k, x in enumerate(t.tokens) if x.kind == "quoted"]
    [False]
    """
    toks = text.tokens
    n = len(toks)
    j = i + 1
    while j < min(n, i + _PAREN_REACH) and toks[j].low != ")":
        if toks[j].kind == "punct" and toks[j].low not in (",", "=", ":", "_"):
            return False
        j += 1
    if j >= n or toks[j].low != ")":
        return False
    words = text.words
    for k in range(j + 1, min(n, j + 1 + _TRAIL_REACH)):
        if toks[k].kind == "punct" and toks[k].low not in ("(", ")"):
            return False
        if any(tuple(words[k:k + len(cue)]) == cue for cue in _TRAILING_CUES):
            return True
    return False


def read(text: Text, lex: Lexicon, claimed: frozenset[int]) -> tuple[Value, ...]:
    """Every value the question names (unclaimed tokens only), capped at :data:`MAX_VALUES`."""
    toks = text.tokens
    out: list[Value] = []
    used: set[int] = set()
    for i, tok in enumerate(toks):
        if tok.kind != "quoted" or not tok.low or i in claimed:
            continue  # (most tokens: tested first)
        if len(out) >= MAX_VALUES:
            break
        op: Op = "!=" if negated_before(text, lex, i) or _restates_excluded(
            text, lex, i) or _excluded_after(text, i) else "="
        out.append(Value(tok.low, op, "quoted", "strong", i, i + 1, tok.text))
        used.add(i)
    skip = claimed | frozenset(used)
    for i, tok in enumerate(toks):
        if len(tok.text) != 1 or i == 0 or i in skip:
            continue  # (what both readings below need first: a one-character token)
        # "got an A", "with a B": a letter grade (a capital letter after an article is no
        # article itself); the name reader leaves single letters out.
        if (toks[i - 1].low in ("a", "an")
                and _GRADE.fullmatch(tok.text) and len(out) < MAX_VALUES):
            op = "!=" if negated_before(text, lex, i) else "="
            out.append(Value(tok.low, op, "code", "strong", i, i + 1, tok.text))
            used.add(i)
        # "names that contain the letter e", "starting with letter D": the letter is the
        # value the names are matched on (``LIKE '%e%'``)
        elif (tok.text.isalpha()
              and toks[i - 1].low in ("letter", "character") and len(out) < MAX_VALUES):
            op = "!=" if negated_before(text, lex, i - 1) else "="
            out.append(Value(tok.low, op, "quoted", "strong", i, i + 1, tok.text))
            used.add(i)
    skip = claimed | frozenset(used)
    for a, b in _name_runs(text, lex, skip):
        if len(out) >= MAX_VALUES:
            break
        a, b = _trim(text, lex, a, b)
        if a >= b:
            continue
        run = toks[a:b]
        if len(run) == 1:
            tok = run[0]
            if tok.sentence_start or lex.has("stop_proper", tok.low) or _unit_symbol(lex, tok):
                continue
            if lex.get("stop_proper", tok.low) == "month":
                continue
        # "Biology 101", "Lunch Provision 2": a number right after a name belongs to it.
        if b < len(toks) and b not in skip and toks[b].kind == "number" and (
            toks[b].start == toks[b - 1].end + 1
        ) and not _year(toks[b].low):  # "Q3 2024": a quarter and a year
            b += 1
            run = toks[a:b]
        value = _name_value(run)
        if len(value) < 2 or lex.has("ignore", value):
            continue
        if b - a == 1 and _amount(text, a):
            continue
        code = len(run) == 1 and _CODE.match(run[0].text) is not None
        if code and _DEGREES.fullmatch(run[0].text) and a > 0 and toks[a - 1].low in _BOUND_WORDS:
            continue  # "below 25F", "warmer than -18C": a temperature bound, no code
        if code and _PLURAL_CODE.match(run[0].text):
            value = value[:-1]  # "avg response time for P1s": priority 'P1'
        op = "!=" if negated_before(text, lex, a) else "="
        numbered = _NUMBERED.fullmatch(value) if code else None
        if numbered is not None:
            # "solution ID12", "No.5": the number is the identifier
            out.append(Value(int(numbered.group(1)), op, "number", "strong", a, b,
                             text.span_text(a, b)))
            used.update(range(a, b))
            continue
        kind = "code" if code else "name"
        # A name the question excludes outright ("other than France") is asked for surely, and
        # so is a person named with a title ("Dr. Patel", "Prof Smith").
        titled = (a > 0 and toks[a - 1].low in _TITLE_WORDS) or (
            a > 1 and toks[a - 1].low == "." and toks[a - 2].low in _TITLE_WORDS)
        strength: Strength = (
            "strong" if op == "!=" or titled else _strength(text, lex, a, b, code))
        head_noun = b >= len(toks) or toks[b].kind != "word" or toks[b].low in _FUNCTION_WORDS
        if (kind == "name" and op == "=" and b - a == 1 and a > 0 and toks[a - 1].low == "the"
                and strength == "strong" and _PLURAL_NAME.match(run[0].text) and head_noun
                and not lex.has("value_word", run[0].low)):  # "the Netherlands" is a place
            # "in the Olympics", "the Grammys": an event or a body the data is about, more
            # often than a value to filter on
            strength = "weak"
        out.append(Value(value, op, kind, strength, a, b, text.span_text(a, b)))
        used.update(range(a, b))
    skip = claimed | frozenset(used)
    for m in lex.find("value_word", text.words, skip):
        if len(out) >= MAX_VALUES:
            break
        if m.meaning == "none":
            continue  # "daily active users": a metric's name, no status
        before = lex.at("value_word", text.words, m.start - 1) if m.start > 0 else None
        if before is not None and before.meaning == "none" and before.end >= m.end:
            continue  # "daily" claimed as a time, "active" still inside "daily active"
        if any(k in used for k in range(m.start, m.end)):
            continue
        # "open tickets", "red or blue cars", "users from germany": a status, colour or
        # country written in lower case still restricts the rows.
        # A country is a name, whatever its case. A status before its noun ("active
        # subscribers", "unpaid invoices") restricts the rows; said of them ("shipments that
        # are still pending") or a colour alone ("gold members": a tier?) it may only be the
        # data's vocabulary, unless R_app declares it: a weak requirement. Colours listed
        # together ("red or blue cars") are values.
        op = "!=" if negated_before(text, lex, m.start) or negated_after(
            text.raw.lower(), toks[m.end - 1].end) else "="
        nxt = toks[m.end] if m.end < len(toks) else None
        attributive = nxt is not None and nxt.kind == "word" and nxt.low not in _FUNCTION_WORDS
        listed = _coordinated(text, lex, m.start, m.end)
        # Gender words are listed to break a count down ("How many men and women ..."), so
        # only one before its noun restricts the rows.
        # A state derived from other data ("overdue": open and past its due date) is kept by
        # the data in its own terms (a status and a date): inferred, weak.
        word_strength: Strength = "strong" if (
            m.meaning == "country" or op == "!=" or (listed and m.meaning != "gender")
            or (m.meaning in ("status", "gender") and attributive
                and not _negative_state(lex, m.phrase))) else "weak"
        out.append(Value(m.phrase, op, "word", word_strength, m.start, m.end,
                         text.span_text(m.start, m.end)))
        used.update(range(m.start, m.end))
    participles = lex.singles("state_participle")  # (what _state_participle looks up first)
    for i, tok in enumerate(toks):
        if len(out) >= MAX_VALUES:
            break
        if i in claimed or i in used:
            continue
        if tok.low in participles and _state_participle(text, lex, i):
            op = "!=" if negated_before(text, lex, i) or negated_after(
                text.raw.lower(), tok.end) else "="
            # "unresolved", "unfulfilled": a state named by what it is not, which the data
            # keeps as the other states, NOT IN (...) or a missing date: inferred, weak
            negative = _negative_state(lex, tok.low)
            out.append(Value(tok.low, op, "word", "weak" if negative else "strong", i, i + 1,
                             tok.text))
            used.add(i)
            continue
        span = season_at(toks, i)
        if span is not None:
            # "pass holders 26/27", "enrolment 2025-26": one season or school year, not two
            # numbers; named outright, as a year is (the data may keep it as a code or as a
            # range of dates: stef_align.filters._match_season_dates)
            end = i + (1 if tok.kind == "range" else 3)
            op = "!=" if negated_before(text, lex, i) else "="
            out.append(Value(span, op, "code", "strong", i, end, text.span_text(i, end)))
            used.update(range(i, end))
            continue
        if tok.kind != "number" or _window_size(text, i):
            continue
        val = number(tok.low.rstrip("%"))
        if val is None:
            continue
        prev = toks[i - 1].low if i > 0 else ""
        if prev == "." and i > 1:
            prev = toks[i - 2].low
        strong = prev in _ID_CUES or _numbered_noun(text, lex, i)
        op = "!=" if negated_before(text, lex, i) else "="
        out.append(Value(val, op, "number", "strong" if strong else "weak", i, i + 1, tok.text))
    for i, tok in enumerate(toks):
        # "tier-2 techs", "level-3 tickets": a rank said with its number in one word is the
        # number on the rank's column, as "tier 2" is
        if len(out) >= MAX_VALUES:
            break
        ranked = (_RANKED.fullmatch(tok.low) if tok.kind == "word" and "-" in tok.low
                  and tok.low[-1].isdigit() else None)
        if ranked is None or i in claimed or i in used:
            continue
        op = "!=" if negated_before(text, lex, i) else "="
        out.append(Value(int(ranked.group(1)), op, "number", "strong", i, i + 1, tok.text))
        used.add(i)
    out.sort(key=lambda v: v.start)
    out = _listed_alike(text, out)
    final: list[Value] = []
    for v in _spread_negation(text, out):
        word = v.value if isinstance(v.value, str) else ""
        place = lex.get("demonym", word) if word else None
        spelled = lex.get("spelling", word) if word and v.kind == "word" else None
        head, _, rest = word.partition(" ")
        if spelled:
            # "female patients": 'female' or 'F', whichever the data stores
            forms = (word, *(f for f in spelled.split("|") if f != word))
            v = Value(forms, v.op, v.kind, v.strength, v.start, v.end, v.text)
        elif place:
            # "French singers": 'French' or 'France', whichever the data stores
            spellings: tuple[Scalar, ...] = tuple(sorted({word, *place.split("|")}))
            v = Value(spellings, v.op, v.kind, v.strength, v.start, v.end, v.text)
        elif rest and v.kind == "name" and lex.has("demonym", head):
            # "English USA movies": the language may be another column; 'USA' names it
            v = Value((word, rest), v.op, v.kind, v.strength, v.start, v.end, v.text)
        if v.op == "=" and _clause_negated(text, lex, v.start):
            v = Value(v.value, "!=", v.kind, v.strength, v.start, v.end, v.text)
        elif v.op == "=" and _polarity_open(text, v.end):
            v = Value(v.value, v.op, v.kind, "weak", v.start, v.end, v.text)
        final.append(v)
    # a list whose first value the clause negates ("not in ('DE', 'FR')") is negated whole
    return tuple(_spread_negation(text, final))


def _unit_symbol(lex: Lexicon, tok: Token) -> bool:
    """Is the token a unit of measure written as its symbol ("system size in kW", "usage in
    MWh", "KWH per meter")? It says how an amount is measured, not a value the rows must
    equal. A symbol that is also a country's code ('GB', 'KW', 'MW') is a unit only in a
    spelling no country code takes (a lower-case letter before a capital: 'kW', 'MWh').

    >>> from stef_question.lexicon import lexicon
    >>> from stef_question.text import tokenize
    >>> lex = lexicon()
    >>> [_unit_symbol(lex, t) for t in tokenize("size in kW, KWH or GB").tokens if t.cap]
    [True, True, False]
    """
    if not lex.has("unit", tok.low) or tok.low.isdigit():
        return False
    mixed = any(a.islower() and b.isupper() for a, b in zip(tok.text, tok.text[1:]))
    return mixed or not is_country_code(tok.low)


#: Units of a moving window's size and the words that make one ("7 day rolling", "a 30-day
#: moving average", "trailing 12 months").
_WINDOW_UNITS = frozenset({"hour", "hours", "day", "days", "week", "weeks", "month", "months",
                           "quarter", "quarters", "year", "years", "d", "wk", "mo"})
_WINDOW_WORDS = frozenset({"rolling", "moving", "trailing", "running", "sliding"})


def _window_size(text: Text, i: int) -> bool:
    """Is the number at token ``i`` the size of a moving window ("7 day rolling pageviews",
    "30-day moving average", "rolling 4 weeks"), which no row has as a value?"""
    toks = text.tokens
    j = i + 1
    if j < len(toks) and toks[j].low == "-":
        j += 1
    if j >= len(toks) or toks[j].low not in _WINDOW_UNITS:
        return False
    near = [t.low for t in (*toks[max(0, i - 2):i], *toks[j + 1:j + 3])]
    return any(w in _WINDOW_WORDS for w in near)


def _negative_state(lex: Lexicon, word: str) -> bool:
    """Is ``word`` a state participle named by what it is not, whose positive is a state too
    ("unresolved": not resolved, which the data keeps as the other states, a NOT IN list or a
    missing date), or a state the lexicon marks as derived ("overdue": open and past its due
    date)? A flag word ("unpaid", "inactive") stays what it says: ``is_paid = 0`` answers it."""
    if lex.get("value_word", word) == "derived":
        return True
    return word.startswith("un") and lex.has("state_participle", word) and lex.has(
        "state_participle", word[2:])


def _state_participle(text: Text, lex: Lexicon, i: int) -> bool:
    """Is the token at ``i`` a state participle used as an adjective: before its noun, after a
    determiner or a quantity ("how many cancelled subscriptions", "the delayed flights")?
    Elsewhere it is a verb ("orders shipped in May")."""
    toks = text.tokens
    return (0 < i < len(toks) - 1 and lex.has("state_participle", toks[i].low)
            and toks[i - 1].low in _STATE_DETERMINERS and toks[i + 1].kind == "word"
            and toks[i + 1].low not in _FUNCTION_WORDS
            and toks[i + 1].low not in _STATE_COLUMN_NOUNS
            and not lex.has("calendar_unit", toks[i + 1].low)
            and not _ranked_by(toks, i))


#: Words before "(the) most" that open the list asked for: the noun after "most booked" is
#: the thing ranked, not a count of rows in a state.
_LIST_OPENERS = frozenset({"top", "bottom", "what", "which", "are", "were", "is", "was",
                           "show", "list", "give", "find", "get", "name", "our", "my"})


def _ranked_by(toks: tuple[Token, ...], i: int) -> bool:
    """Is the participle at ``i`` a superlative's own verb ("top 3 most booked tools", "the
    most viewed pages": the tools booked the most times), not a state of the rows another
    thing has the most of ("the tech with the most completed jobs", "who taught the most
    completed lessons")? It is when "(the) most" opens the question or the list asked for.

    >>> from stef_question.text import tokenize
    >>> t = tokenize("top 3 most booked tools last quarter").tokens
    >>> _ranked_by(t, 3), _ranked_by(tokenize("tech with the most completed jobs").tokens, 4)
    (True, False)
    """
    if toks[i - 1].low not in ("most", "fewest"):
        return False
    j = i - 2
    if j >= 0 and toks[j].low == "the":
        j -= 1
    return j < 0 or toks[j].low in _LIST_OPENERS or toks[j].low.isdigit()


#: A rank and its number in one word: "tier-2", "level-3", "grade-5", "sev-1".
_RANKED = re.compile(r"(?:tier|level|grade|class|zone|phase|stage|priority|severity|sev|band"
                     r"|step|floor|gate|lane|round|division)-(\d{1,3})")


def _numbered_noun(text: Text, lex: Lexicon, i: int) -> bool:
    """Does the whole number at ``i`` name one thing by its number: "customer 42", "store 7",
    "flight 370", "season 12"? It does right after a singular noun that is no unit, time unit
    or function word ("5 miles", "week 3" and "in 12" stay weak)."""
    tok = text.tokens[i]
    if i == 0 or "." in tok.low or "," in tok.low or not tok.low.isdigit():
        return False
    before = text.tokens[i - 1]
    w = before.low
    return (before.kind == "word" and w.isalpha() and len(w) >= 3 and not w.endswith("s")
            and not w.endswith(("ed", "ing"))  # "rated 4", "scoring 90": a verb, no name
            and w not in _FUNCTION_WORDS and not lex.has("unit", w)
            and w not in lex.meanings("time_unit") and not lex.has("time_unit", w)
            and not lex.has("number_word", w) and not lex.has("comparative", w))


def _listed_alike(text: Text, values: list[Value]) -> list[Value]:
    """Names listed together are asked alike: "shipped to Canada or Mexico" asks Mexico as
    surely as Canada (the cue "to" stands before the first only)."""
    out = list(values)
    for k in range(1, len(out)):
        a, b = out[k - 1], out[k]
        between = {t.low for t in text.tokens[a.end:b.start]}
        if (a.strength == "strong" and b.strength == "weak" and a.kind == b.kind == "name"
                and a.op == b.op and between and between <= {"or", "and", ","}):
            out[k] = Value(b.value, b.op, b.kind, "strong", b.start, b.end, b.text)
    return out


def _coordinated(text: Text, lex: Lexicon, start: int, end: int) -> bool:
    """Is the value word at ``start:end`` listed with another ("red or blue", "blue and
    red")?"""
    words = text.words
    if end + 1 < len(words) and words[end] in ("or", "and", ",") and lex.at(
            "value_word", words, end + 1) is not None:
        return True
    return start >= 2 and words[start - 1] in ("or", "and", ",") and lex.at(
        "value_word", words, start - 2) is not None


_CLAUSE_BREAKS = frozenset({",", ".", ";", "?", "!", ":", "and", "but", "or", "while",
                            "whereas", "who", "which", "that", "where", "whose", "when"})
#: How far back a negation of a whole clause reaches ("do not have any cartoon directed by Ben
#: Jones": Ben Jones is what the rows must not have).
CLAUSE_REACH = 10


def _clause_negated(text: Text, lex: Lexicon, i: int) -> bool:
    """Is token ``i`` in a clause opened by a negation ("that do not have any cartoon directed
    by Ben Jones", "with no ships lost in the 'English Channel'")?"""
    words = text.words
    cues = lex.starts("negation")
    # a parenthesis the token is in that opens with a word ("(status 'unpaid')"): it names
    # where the data keeps what the words before it say
    opened = None
    j = i - 1
    while j >= max(0, i - CLAUSE_REACH):
        w = words[j]
        if w == ")":
            # "the share of flights (excluding ones still scheduled) with status 'x'": a
            # parenthesis closed before the token is an aside; a negation inside it reaches
            # no further than its own closing parenthesis
            depth = 0
            while j >= 0:
                depth += {")": 1, "(": -1}.get(words[j], 0)
                if depth == 0:
                    break
                j -= 1
            j -= 1
            continue
        if w in _CLAUSE_BREAKS:
            # "excluding delays whose reason is 'weather'", "with no orders where channel is
            # 'web'": the relative clause describes what the exclusion leaves out
            return w in _RELATIVES and _excluded_head(text, lex, j)
        if w == "(" and opened is None and text.tokens[j + 1].kind == "word":
            opened = j
        m = lex.at("negation", words, j) if w in cues else None
        if m is not None and m.meaning == "not" and m.end <= i:
            # "not paid (status 'unpaid')": a parenthesis after the negated words restates
            # the state in the data's terms (the rows kept have that value); "not in ('DE',
            # 'FR')" lists the values the negation itself reaches
            return opened is None or m.end >= opened
        j -= 1
    return False


#: Relative words whose clause describes the noun before them.
_RELATIVES = frozenset({"whose", "where", "which", "that", "who"})
#: Cues that leave out the things they name ("excluding delays", "with no orders", "except
#: refunds"); a plain "not" negates a verb or state, whose relative clause it does not reach.
_EXCLUDING = frozenset({"no", "without", "excluding", "except", "exclude", "excl", "other",
                        "apart", "aside"})


def _excluded_head(text: Text, lex: Lexicon, j: int) -> bool:
    """Is the noun before the relative word at ``j`` what an exclusion cue leaves out, the cue
    at most three words before it ("excluding delays whose", "no late orders where")?"""
    words = text.words
    for k in range(j - 1, max(-1, j - 5), -1):
        tok = text.tokens[k]
        if tok.kind == "punct" or words[k] in _CLAUSE_BREAKS:
            return False
        if words[k] in _EXCLUDING and k < j - 1:
            m = lex.at("negation", words, k)
            # "techs no longer with us who still have open repairs": "no longer" negates a
            # state of the techs, it leaves out no things the clause describes
            return m is not None and m.meaning == "not" and m.end < j and m.phrase != "no longer"
    return False


def _polarity_open(text: Text, end: int) -> bool:
    """"English is not the official language": the value comes before its negation, and
    either spelling of the SQL (``NOT IN (... = 'English' ...)``, ``= 'English' AND official =
    'F'``) may be right."""
    after = text.words[end : end + 3]
    return len(after) >= 2 and after[0] in ("is", "are", "was", "were") and after[1] in (
        "not", "n't", "never")


def _spread_negation(text: Text, found: list[Value]) -> list[Value]:
    """"not in Berlin or Munich": a negation reaches every value of the list it opens."""
    out: list[Value] = []
    for v in found:
        prev = out[-1] if out else None
        if (prev is not None and prev.op == "!=" and v.op == "=" and v.start - prev.end <= 2
                and all(t.low in ("or", "nor", ",", "and") for t in text.tokens[prev.end:v.start])):
            v = Value(v.value, "!=", v.kind, v.strength, v.start, v.end, v.text)
        out.append(v)
    return out
