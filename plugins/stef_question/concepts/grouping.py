"""Grouping: "per customer", "for each region", "in each class", "by department", "monthly",
"of their department" ask for one answer per group.

"per" after or before a unit ("miles per gallon", "income per capita") or an amount ("250,000
per account") is a rate, not a grouping; "the average number of orders per customer" and
"revenue per employee" are ratios (a division, or a per-group count averaged); "by" counts
only where the question aggregates ("total sales by region", "revenue by source"), is not
the agent of a passive ("orders placed by customers", "books by Jane Austen") and does not name
what a ranking is by ("the top 5 products by revenue": ``ranked_by``). Every grouping
is read ("per customer per year", "by channel and region").

The SQL counterpart is ``GROUP BY`` (or ``PARTITION BY`` for "of their department") on a
column whose name matches a word of the group (identifier parts, plural, R_app synonym,
enrichment binding; a time word such as "month" matches a date key).

>>> from stef_question.lexicon import lexicon
>>> from stef_question.text import tokenize
>>> def groups(q, aggregated=True):
...     return read(tokenize(q), lexicon(), frozenset(), aggregated=aggregated)[0].groups
>>> groups("What is the total revenue per customer per year?")
('customer', 'year')
>>> groups("What is the average miles per gallon of cars?")
()
>>> groups("How many tickets were opened by customers in each region?")
('region',)
>>> groups("Break down sales by channel and region.", aggregated=False)
('channel', 'region')
>>> read(tokenize("Show each salary beside the average salary of their department."),
...      lexicon(), frozenset(), aggregated=True)[0].loose
('department',)
>>> read(tokenize("What is the average number of orders per customer?"), lexicon(), frozenset(),
...      aggregated=True)[0].rates
('customer',)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from stef_core.gated import gated
from stef_core.periods import MONTHS, SEASONS, WEEKDAYS
from stef_core.words import stem
from stef_question.lexicon import Lexicon
from stef_question.text import Text

#: Most words of one group phrase ("production line", "customer segment").
MAX_GROUP_WORDS = 3
_DETERMINERS = frozenset({"the", "their", "its", "his", "her", "a", "an", "every", "each",
                          "one", "single", "given", "different", "distinct", "unique", "all"})
_PASSIVE_ENDINGS = ("ed", "en")
#: Verbs after a floating "each" ("how many booths each has").
_EACH_VERBS = frozenset({"has", "had", "have", "did", "does", "got", "gets", "made", "makes",
                         "sold", "bought", "spent", "took", "takes", "owns", "holds", "runs",
                         "rents", "leases", "uses", "manages", "handles", "sells", "buys",
                         "teaches", "drives", "books", "hosts", "serves", "carries"})
#: Forms of "be" before a floating "each" ("were each picked up"): every one of them.
_BE = frozenset({"were", "are", "was", "is", "be", "been"})
_NOT_BEFORE_EACH = frozenset({"after", "before", "with", "from", "to", "than", "between",
                              "against", "about", "like", "into", "onto", "upon"})
#: "List each X": a group when the question aggregates per X ("List each country with its
#: number of suppliers"), every row when it computes over another group ("List each sale with
#: the running total at its store") or does not aggregate.
_LISTERS = frozenset({"list", "show", "display", "return", "give", "print", "name"})
_PASSIVES = frozenset({"done", "held", "run", "sold", "bought", "paid", "given", "made", "won",
                       "flown", "driven", "drawn", "grown", "known", "thrown", "taken", "worn",
                       "sung", "spoken", "ridden", "eaten", "beaten", "chosen", "hit", "put",
                       "set", "read", "led", "sent", "spent", "lent", "met", "caught",
                       "taught", "built", "kept", "shown", "seen", "owned", "written",
                       "sorted", "ordered", "ranked", "arranged", "grouped", "followed"})
#: Words before "of their" that say which of the rows ("all of their orders", "none of its
#: invoices"): a quantifier over one owner's rows, not a group the figure is taken per.
_QUANTIFIERS = frozenset({"all", "any", "none", "both", "some", "most",
                          "either", "neither"})
_NOT_GROUP_NOUNS = frozenset({"far", "name", "way", "means", "default", "themselves", "itself",
                              "hand", "contrast", "chance", "accident", "mistake", "law",
                              "order", "size", "weight", "number", "count", "amount", "other",
                              "one", "time", "now", "then", "example", "instance"})
#: Nouns of :data:`_NOT_GROUP_NOUNS` that open a compound naming an attribute ("by time
#: control", "by time zone", "by size band"): right after the cue, the compound groups.
_NOUN_AFTER = {
    "time": frozenset({"control", "controls", "zone", "zones", "slot", "slots", "band", "bands",
                       "bucket", "buckets", "window", "windows", "format", "class"}),
    "size": frozenset({"band", "bands", "bucket", "buckets", "class", "category", "tier"}),
}
_CLAUSE_OPENERS = frozenset({"list", "show", "give", "find", "return", "what", "which", "who",
                             "how", "where", "when", "display", "name", "count", "also"})
#: "revenue per month" is revenue by month (a trend), not a ratio to months.
_CALENDAR_UNITS = frozenset({"hour", "day", "week", "month", "quarter", "year", "qtr",
                             "weekday"})
_KIND_WORDS = frozenset({"type", "types", "kind", "kinds", "sort", "sorts", "category",
                         "categories", "class", "classes"})
_PHRASE_STOP = frozenset({"did", "do", "does", "make", "made", "have", "has", "had", "can",
                          "and", "or", "in", "of", "for", "with", "by", "per", "from", "to",
                          "at", "on", "that", "which", "who", "where", "when", "is", "are",
                          "was", "were", "over", "between", "during",
                          "as", "than", "sorted", "ordered", "each", "every", "since", "before",
                          "after", "alongside", "within", "across", "whose", "there",
                          # a period after the group ("per site this crop yr", "by rep ytd")
                          "this", "these", "those", "ytd", "mtd", "qtd", "wtd",
                          # a day the user shortens ("per cashier yday", "by lane tdy")
                          "yday", "yest", "ystd", "yesterday", "today", "tdy", "tonight",
                          "tomorrow", "tmrw",
                          # now ("headcount per crew rn", "open tickets by agent currently")
                          "rn", "now", "right", "currently", "presently", "incl", "including",
                          "excl", "excluding"})
#: What a group is compared with after "vs" ("by channel vs last year", "by rep vs target").
_COMPARED_WITH = frozenset({"last", "prior", "previous", "the", "target", "targets", "budget",
                            "plan", "forecast", "goal", "goals", "ly", "py", "same", "quota"})
#: Verbs that open another grouping cue after a group ("per delivery broken down by courier",
#: "per order split out by channel"): never a word of the group before them ("age group" is
#: a group, so "group" is not one of them).
_SPLIT_VERBS = frozenset({"broken", "broke", "breaking", "grouped", "grouping", "split",
                          "splitting", "segmented", "bucketed", "sliced"})
#: A season said with its year after the group ("per reg fall 26", "by team spring '27"): the
#: term asked, not a word of the group's name.
_SEASONS = frozenset(SEASONS)


#: Auxiliaries that put the subject before its verb in a question ("how many seats does each
#: venue hold", "how much did each customer spend", "how many orders has each rep closed").
_AUXILIARIES = frozenset({"do", "does", "did", "has", "have", "had"})
#: Verbs of :data:`_PHRASE_STOP`: a phrase they end holds the subject alone.
_VERB_STOPS = frozenset({"did", "do", "does", "make", "made", "have", "has", "had", "can"})


def _subject(phrase: str) -> str:
    """The group of "does each venue hold": after an auxiliary and "each", the phrase read is
    the subject and then its verb, so its last word is the verb, no word of the group.

    >>> _subject("venue hold"), _subject("sales rep close"), _subject("customer")
    ('venue', 'sales rep', 'customer')
    """
    words = phrase.split()
    return " ".join(words[:-1]) if len(words) > 1 else phrase


def _season_next(text: Text, k: int) -> bool:
    """Does token ``k`` open a season and its year ("fall 26", "fall '26", "fall 2026")?"""
    tokens = text.tokens
    if text.words[k] not in _SEASONS:
        return False
    j = k + 1
    if j < len(tokens) and tokens[j].kind == "punct" and text.words[j] in ("'", "\u2019"):
        j += 1
    return j < len(tokens) and tokens[j].kind == "number"


#: Unit words that, after a noun, head a compound naming a thing ("business unit", "price
#: point", "department head"): a word of the group, not the unit of a rate ("per unit").
_COMPOUND_HEADS = frozenset({"unit", "units", "point", "points", "head", "heads"})
#: Words before "-wise" that make an adverb of manner or direction, no grouping
#: ("otherwise", "likewise", "clockwise", "lengthwise", "time-wise").
_NOT_WISE = frozenset({"other", "like", "clock", "counterclock", "anticlock", "anti-clock",
                       "counter-clock", "length", "cross", "side", "edge", "pair", "step",
                       "piece", "penny", "street", "money", "time", "price", "cost", "size",
                       "budget", "quality", "performance", "value"})


@dataclass(frozen=True, slots=True)
class Grouping:
    """Groups asked (one phrase each), ratios per a group ("orders per customer" on
    average), and the tokens the cues claim."""

    groups: tuple[str, ...] = ()
    rates: tuple[str, ...] = ()
    spans: frozenset[int] = frozenset()
    loose: tuple[str, ...] = ()  # "of their department": some grouping, whatever its key
    ranked_by: tuple[str, ...] = ()  # "the top 5 products by revenue": a criterion, no group
    #: "orders by channel yesterday": a "by" group in a question whose words aggregate nothing
    #: ("orders" may list rows or count them); a group only where the SQL aggregates.
    plain: tuple[str, ...] = ()


#: Verbs that order rows: "rank the harbours by revenue", "sort the vans by mileage". Said as
#: a request (the text's first word, or after "please" / "and" / "then"), the "by" after the
#: ranked noun names what the rows are ranked by, as after "the top 5" (:func:`_criterion`).
_ORDER_VERBS = frozenset({"rank", "sort", "order", "arrange"})
_REQUEST_OPENERS = frozenset({"please", "and", "then", "also"})


def _order_verb_ends(words: tuple[str, ...]) -> tuple[int, ...]:
    """Where each request to order rows ends ("rank" in "rank the harbours by revenue")."""
    return tuple(i + 1 for i, w in enumerate(words[:64]) if w in _ORDER_VERBS and (
        i == 0 or words[i - 1] in _REQUEST_OPENERS))


#: Nouns that close a "by" phrase into a measure ("by language count", "by ticket count").
_MEASURE_TAILS = frozenset({"count", "counts"})


#: Particles and pronouns between a verb and its "by" ("signed up by", "reached us by").
_PARTICLES = frozenset({"up", "in", "out", "us", "them", "me", "him", "it", "back", "off",
                        "on", "over", "through", "down", "away"})
#: Irregular past forms that take a "by" of means ("came in by email", "got through by phone").
_PAST = frozenset({"came", "went", "got", "gave", "took", "rang", "wrote", "spoke", "brought",
                   "ran", "heard", "told", "found", "left"})


def _passive_before(words: tuple[str, ...], i: int) -> bool:
    """Is ``by`` at ``i`` the agent of a passive ("placed by", "written by") or the means of
    a verb ("signed up by email", "came in by phone", "reached us by chat"): how it happened,
    not one answer per group?"""
    j = i - 1
    while j > 0 and words[j] in _PARTICLES and i - j <= 2:
        j -= 1
    if j < 0:
        return False
    prev = words[j]
    verb = prev in _PASSIVES or (len(prev) > 3 and prev.endswith(_PASSIVE_ENDINGS))
    # ("what % of visits were by members": the copula's "by" says who made them)
    return verb or (j < i - 1 and prev in _PAST) or (j == i - 1 and prev in _COPULAS)


#: Forms of "to be" that a "by" of agent follows ("visits were by members").
_COPULAS = frozenset({"was", "were", "is", "are", "been"})


#: Words after "by" that say when, not per what ("due by friday", "done by noon").
_BY_WHEN = frozenset({*WEEKDAYS, *MONTHS, *SEASONS, "end", "noon", "midnight", "today",
                      "tomorrow", "tonight", "now", "then", "eod", "eow", "eom", "close",
                      "morning", "evening", "afternoon", "lunch", "next", "last", "this"})


def _listed_days(words: tuple[str, ...], j: int) -> bool:
    """Is the day or month named at ``j`` after "by" the first of a list ("by monday, tuesday
    and wednesday": one group each)? A lone one is a deadline ("due by friday")."""
    return j + 2 < len(words) and words[j + 1] in (",", "and", "vs") and words[j + 2] in _BY_WHEN


#: Words before "by" in idioms of manner ("one by one", "side by side", "case by case").
_BY_IDIOMS = frozenset({"one", "side", "step", "little", "bit", "case", "piece", "hand"})


def _bare_singular(text: Text, j: int) -> bool:
    """Is the word at ``j`` a bare singular noun, no determiner, no name ("hours taught by
    instructor"): telegraphic for "per instructor", where "taught by instructors" or "by
    Dana" names who did it?"""
    def plain_word(k: int) -> bool:
        tok = text.tokens[k]
        return (tok.kind == "word" and not tok.cap and tok.low not in _BY_WHEN
                and tok.low not in _DETERMINERS and tok.low not in _PHRASE_STOP)

    if j >= len(text.tokens) or not plain_word(j):
        return False
    # the phrase's head is its last plain word: "filed by non-CPA preparers" names who filed
    # (plural head), "taught by senior instructor" is still telegraphic
    head = j
    while head + 1 < len(text.tokens) and head + 1 < j + MAX_GROUP_WORDS and plain_word(head + 1):
        head += 1
    return not text.tokens[head].low.endswith("s")


def _phrase(text: Text, lex: Lexicon, j: int, claimed: frozenset[int]) -> tuple[str, int]:
    """The group phrase starting at token ``j`` (up to a few words) and where it ends."""
    words = text.words
    n = len(words)
    taken: list[str] = []
    k = j
    while k < n and len(taken) < MAX_GROUP_WORDS and k not in claimed:
        tok = text.tokens[k]
        if tok.kind != "word" or words[k] in _PHRASE_STOP or (
                lex.has("unit", words[k]) and not (taken and words[k] in _COMPOUND_HEADS)):
            break
        if taken and _season_next(text, k):
            break
        if taken and words[k] in _SPLIT_VERBS and k + 1 < n and words[k + 1] in (
                "down", "out", "up", "by"):
            break  # "per delivery broken down by courier": the next cue's verb, no group word
        if words[k].endswith(("'s", "’s")):
            taken.append(words[k][:-2])
            k += 1
            break
        taken.append(words[k])
        k += 1
    if len(taken) == 1 and taken[0] in _KIND_WORDS and k + 1 < n and words[k] == "of":
        # "for each type of food": the group is food (its type)
        more, end = _phrase(text, lex, k + 1, claimed)
        if more:
            return more, end
    return " ".join(taken), k


def _criterion(words: tuple[str, ...], lex: Lexicon, by: int,
               ranking_ends: tuple[int, ...]) -> bool:
    """Is the "by" at ``by`` the criterion of a ranking right before it: "the top 5 products
    by revenue", "the 10 largest customers by spend"? The ranked noun sits between the ranking
    and the "by" (three words at most); when that noun is itself a measure ("the highest sales
    by region", "the highest average salary by department") the "by" groups the measure
    instead."""
    ends = [e for e in ranking_ends if e <= by and by - e <= 3]
    cut = _period_start(words, lex, by)
    if not ends and cut < by and any(
            lex.has("metric", w) or w in _MEASURE_NOUNS for w in words[by + 1:by + 4]):
        # "our top sales rep last month by won quote value": the period the ranking is taken
        # over sits between the ranked noun and its criterion, a measure ("by region" there
        # may still ask one top rep per region: only a measure is read so); the ranked noun's
        # head is no measure ("sales" only modifies "rep")
        ranked = [e for e in ranking_ends if e < cut and cut - e <= 3]
        if ranked:
            return not (lex.has("metric", words[cut - 1])
                        or lex.has("aggregate", words[cut - 1]))
    if not ends:
        # "the top 10 priciest recipes on the menu by cost": a place or a set the ranked noun
        # is taken from ("on the menu", "in the catalogue") sits before its criterion
        ends = [e for e in ranking_ends if e < by and by - e <= 7 and any(
            words[j] in _SET_PREPOSITIONS for j in range(e + 1, by)) and not any(
            words[j] in _GROUP_OPENERS for j in range(e, by))]
    if not ends:
        # "the top 3 customers per product line by revenue": a group asked of the ranking
        # ("per X", "in each X", "for each X") sits between the ranked noun and its criterion
        ends = [e for e in ranking_ends if e <= by and by - e <= 7 and any(
            words[j] in _GROUP_OPENERS for j in range(e + 1, min(e + 4, by)))]
        if not ends:
            return False
        e = max(ends)
        cut = next(j for j in range(e + 1, min(e + 4, by)) if words[j] in _GROUP_OPENERS)
        if cut > 0 and words[cut - 1] in ("in", "for"):
            cut -= 1
        between = words[e:cut]
    else:
        between = words[max(ends):by]
    return bool(between) and not any(lex.has("metric", w) or lex.has("aggregate", w)
                                     for w in between)


#: Words that open a period counted back from the record's date ("last month", "this year",
#: "past 3 quarters"), and periods said in one word.
_PERIOD_OPENERS = frozenset({"last", "this", "past", "previous", "prior", "current"})
_PERIOD_WORDS = frozenset({"ytd", "mtd", "qtd", "yesterday", "today"})
#: Measures named by a noun the metric lexicon leaves out ("by won quote value").
_MEASURE_NOUNS = frozenset({"value", "amount", "total", "margin", "dollars"})


def _period_start(words: tuple[str, ...], lex: Lexicon, end: int) -> int:
    """Where a period said right before ``end`` starts ("last month", "in march", "in 2025",
    "ytd", "this quarter so far"), or ``end`` when none is.

    >>> from stef_question.lexicon import lexicon
    >>> w = tuple("top sales rep last month by value".split())
    >>> _period_start(w, lexicon(), 5), _period_start(w, lexicon(), 3)
    (3, 3)
    """
    k = end
    if k >= 2 and words[k - 2:k] == ("so", "far"):
        k -= 2
    if k >= 1 and words[k - 1] in _PERIOD_WORDS:
        return k - 1
    if k >= 2 and lex.has("calendar_unit", words[k - 1]):
        j = k - 2
        if j >= 1 and words[j].isdigit():
            j -= 1  # "past 3 quarters"
        if words[j] in _PERIOD_OPENERS:
            return j
    if k >= 2 and words[k - 2] in ("in", "during") and (
            lex.has("month", words[k - 1]) or (words[k - 1].isdigit()
                                                and len(words[k - 1]) == 4)):
        return k - 2
    return end


#: Words that open a group asked of a ranking ("per line", "in each region", "for every rep").
_GROUP_OPENERS = frozenset({"per", "each", "every"})
#: Prepositions that say where a ranked noun is taken from ("recipes on the menu", "titles in
#: the catalogue", "stations across the network").
_SET_PREPOSITIONS = frozenset({"on", "in", "at", "from", "across", "within", "among"})


def _rate(words: tuple[str, ...], start: int, lex: Lexicon, aggregated: bool) -> bool:
    """Is the "per" at ``start`` a ratio: "the average number of orders per customer",
    "revenue per employee"?"""
    before = words[max(0, start - 8) : start]
    if "number" in before and any(lex.get("aggregate", w) == "AVG" for w in before):
        return True
    return not aggregated and any(lex.has("metric", w) for w in before)


def _wise_groups(text: Text) -> list[tuple[int, str]]:
    """"region-wise sales", "category wise revenue", "sales, month-wise": the noun before
    "-wise" groups (Indian and business English for "by region"); not "otherwise",
    "likewise", "clockwise" nor "time-wise" (as to time). Each as (token index, noun).

    >>> from stef_question.text import tokenize
    >>> _wise_groups(tokenize("region-wise sales")), _wise_groups(tokenize("category wise gmv"))
    ([(0, 'region')], [(0, 'category')])
    >>> _wise_groups(tokenize("otherwise list them")), _wise_groups(tokenize("cost-wise ok"))
    ([], [])
    """
    out: list[tuple[int, str]] = []
    words = text.words
    for k, w in enumerate(words[:64]):
        if w.endswith("-wise") and len(w) > 6:
            noun, at = w[:-5], k
        elif w == "wise" and k > 0 and text.tokens[k - 1].kind == "word":
            noun, at = words[k - 1], k - 1
        else:
            continue
        if noun not in _NOT_WISE and noun.isalpha() and noun not in _PHRASE_STOP:
            out.append((at, noun))
    return out


def read(
    text: Text, lex: Lexicon, claimed: frozenset[int], *, aggregated: bool,
    ranking_ends: tuple[int, ...] = (),
) -> tuple[Grouping, frozenset[int]]:
    """Groups (a phrase each) and the tokens the cues claim.

    Args:
        aggregated: whether the question aggregates (a "by" only groups then, or after a
            metric noun such as "revenue").
        ranking_ends: where the question's top-k or superlative phrases end: a "by" after one
            names what is ranked by ("the top 5 products by revenue") when it follows the
            ranked noun (see :func:`_criterion`), not a group, unless it is a time unit ("the
            top sellers by quarter" groups by quarter).
    """
    words = text.words
    n = len(words)
    out: list[str] = []
    rates: list[str] = []
    loose: list[str] = []
    ranked_by: list[str] = []
    plain: list[str] = []
    taken: set[int] = set()
    ranking_ends = (*ranking_ends, *_order_verb_ends(words))
    metric = not lex.singles("metric").isdisjoint(words)
    found = lex.find("grouping", words, claimed)
    # "per" does not make a later "by" the agent of a passive: "avg amount per claim by
    # specialty" asks per specialty
    has_each = any(m.phrase not in ("by", "per") and m.meaning == "group" for m in found)
    partitioned = any(m.meaning == "partition" for m in found)
    for m in found:
        if m.meaning == "time":  # "monthly revenue", "daily active users"
            nxt = words[m.end] if m.end < n else ""
            cue = lex.at("aggregate", words, m.end)
            if lex.has("metric", nxt) or lex.has("counted_noun", nxt) or (
                    cue is not None and cue.meaning in ("COUNT", "SUM")):
                word = lex.get("time_unit", m.phrase) or m.phrase
                if word not in out:
                    out.append(word)
                taken.update(range(m.start, m.end))
            continue
        if m.phrase in ("each", "every") and m.start > 0 and words[m.start - 1] in _NOT_BEFORE_EACH:
            continue  # "after each transaction", "with each order": not one answer per group
        if ((m.phrase == "for every" or (m.phrase == "every" and m.start > 0
                                          and words[m.start - 1] == "for"))
                and not (aggregated or metric or ranking_ends)):
            continue  # "riders picked up on time for every trip": for all of them, no group
        if m.phrase == "each" and m.start > 0 and words[m.start - 1] in _BE:
            continue  # "trips that were each picked up on time": each of them, no group
        if (m.phrase == "each" and m.start >= 2 and "many" in words[max(0, m.start - 3):m.start]
                and words[m.start - 1] not in _AUXILIARIES and m.end < n
                and (words[m.end] in _EACH_VERBS or words[m.end].endswith("ed"))):
            # "dealers and how many booths each rents": each dealer's count, said of the
            # dealers named before; the count's noun is no group
            continue
        if m.phrase == "each" and m.start > 0 and words[m.start - 1] in ("much", "many"):
            continue  # "top 5 accounts and how much each spent": each of them, no group
        if m.phrase in ("each", "every") and m.start > 0 and words[m.start - 1] in _LISTERS and (
                not aggregated or partitioned):
            continue  # "List each sale with the running total at its store": every row
        # "orders by channel": no aggregate said; a group only if the SQL aggregates
        weak = m.phrase == "by" and not (aggregated or metric or _broken_down(words, m.start))
        if m.phrase == "by" and (has_each or (_passive_before(words, m.start) and not (
                weak and _bare_singular(text, m.end)))):
            continue  # "reservations by sailors ... for each boat": the "each" groups
        j = m.end
        while j < n and words[j] in _DETERMINERS and j not in claimed:
            j += 1
        if j >= n or text.tokens[j].kind != "word" or j in claimed:
            continue
        if m.phrase in ("each", "every") and words[j].endswith(("'s", "’s")) and not (
                aggregated and j + 1 < n and (lex.at("aggregate", words, j + 1) is not None
                                              or lex.has("metric", words[j + 1]))):
            continue  # "each employee's salary": every row; "each customer's total" groups
        if m.phrase == "by" and (text.tokens[j].cap or (
                j + 1 < n and (text.tokens[j + 1].cap or text.tokens[j + 1].kind == "quoted"
                               or (text.tokens[j + 1].kind == "number"
                                   and j + 1 not in claimed)))):
            # "books by Jane Austen", "flown by aircraft N123AB": an agent ("revenue by
            # region 2025": a number the time reader claimed is the period, no name)
            continue
        if m.phrase in ("by", "per") and words[j].endswith(("'s", "’s")) and j + 1 < n and (
                text.tokens[j + 1].kind == "word" and j + 1 not in claimed
                and words[j + 1] not in _PHRASE_STOP):
            j += 1  # "by the learner's branch": the branch of each learner is the group
        head = words[j]
        if lex.has("unit", head) or lex.has("unit", head.rstrip("s")):
            continue
        if m.phrase == "by" and head in _BY_WHEN and not _listed_days(words, j):
            continue  # "orders due by friday", "done by end of month": a deadline, no group
        if m.phrase == "per" and m.start > 0 and (
            lex.has("unit", words[m.start - 1]) or lex.has("unit", words[m.start - 1].rstrip("s"))
        ):
            continue  # "miles per gallon", "points per game"
        if m.phrase == "per" and any(text.tokens[k].kind == "number"
                                     and not any(k < e <= k + 2 for e in ranking_ends)
                                     for k in range(max(0, m.start - 2), m.start)):
            # "at least 250,000 per account", "29.00 per unit": a rate (not "top 3 boats per
            # landing", whose number the ranking took: 3 of each landing's)
            continue
        if head in _NOT_GROUP_NOUNS and not (
                j == m.end and j + 1 < n and words[j + 1] in _NOUN_AFTER.get(head, ())):
            continue
        phrase, end = _phrase(text, lex, j, claimed)
        if not phrase:
            continue
        said = phrase.split()
        cut = next((i for i, w in enumerate(said) if w in ("vs", "vs.", "versus")), None)
        if cut is not None:
            # "revenue by channel vs last year": the group, then what it is compared with;
            # "paid by wire vs ach": two values compared, kept or split, no group
            if not said[cut + 1:cut + 2] or said[cut + 1] in _COMPARED_WITH:
                phrase = " ".join(said[:cut])
            elif m.phrase == "by":
                continue
            if not phrase:
                continue
        if m.phrase in ("each", "every") and m.start > 0 and (
                words[m.start - 1] in _AUXILIARIES and (end >= n or words[end] not in _VERB_STOPS)):
            phrase = _subject(phrase)  # "does each business unit have": "have" ended it
        if weak:
            before = words[m.start - 1] if m.start > 0 else ""
            ranks = (end < n and words[end] in _MEASURE_TAILS) or _criterion(
                words, lex, m.start, ranking_ends)  # "rank the vans by mileage": a criterion
            if phrase not in plain and head not in _BY_WHEN and before != head and (
                    before not in _BY_IDIOMS) and not ranks:
                plain.append(phrase)
            continue
        if m.phrase == "per" and head not in _CALENDAR_UNITS and _rate(
                words, m.start, lex, aggregated):
            if phrase not in rates:
                rates.append(phrase)
            taken.update(range(m.start, end))
            continue
        if m.meaning == "partition":
            if m.start > 0 and words[m.start - 1] in _QUANTIFIERS:
                continue  # "all of their orders returned": which of them, not a grouping
            if phrase not in loose:
                loose.append(phrase)
            taken.update(range(m.start, end))
            continue
        if m.phrase == "by" and end < n and words[end] in _MEASURE_TAILS:
            # "translators by language count", "agents by ticket count": a measure the list
            # is sorted by, not one answer per language
            if phrase not in ranked_by:
                ranked_by.append(phrase)
            taken.update(range(m.start, end + 1))
            continue
        if m.phrase == "by" and _criterion(words, lex, m.start, ranking_ends) and (
                head.rstrip("s") not in lex.meanings("time_unit")):
            if phrase not in ranked_by:
                ranked_by.append(phrase)  # "the top 5 products by revenue": the criterion
            taken.update(range(m.start, end))
            continue
        if phrase not in out:
            out.append(phrase)
        taken.update(range(m.start, end))
        # "by channel and region", "by vehicle type and by day of week" (after "by" or "per"
        # only: "each gender and the corresponding number" lists, it does not group twice)
        while (m.phrase in ("by", "per", "broken down by", "grouped by", "group by", "split by",
                            "broken out by", "split out by")
               and end + 1 < n and words[end] == "and" and len(out) < 6):
            k = end + 1
            if k < n and words[k] == "by":
                k += 1
            if k < n and words[k] in _CLAUSE_OPENERS:
                break  # "for each continent and list its id": a new clause
            while k < n and words[k] in _DETERMINERS:
                k += 1
            if k >= n or text.tokens[k].kind != "word" or text.tokens[k].cap:
                break
            more, end = _phrase(text, lex, k, claimed)
            if not more:
                break
            if more not in out:
                out.append(more)
            taken.update(range(k, end))
    for at, noun in _wise_groups(text):
        if at in claimed or noun in out or noun in plain:
            continue
        (out if aggregated or metric else plain).append(noun)
        taken.add(at)
    return (Grouping(tuple(out), tuple(rates), frozenset(taken), tuple(loose), tuple(ranked_by),
                     tuple(plain)), frozenset(taken))


#: "break that down by month", "split it by channel", "broken out by rep": a breakdown asked
#: of what came before (a follow-up's figure), whatever the words name no aggregate.
_BROKEN_DOWN = re.compile(r"\b(?:break|breaking|broken|broke|split|splitting|group|bucket|"
                          r"slice)\s+(?:(?:that|it|this|them|those|these|the\s+\w+)\s+)?"
                          r"(?:down|out|up)?\s*$")


def _broken_down(words: tuple[str, ...], i: int) -> bool:
    """Does a breakdown verb stand right before the "by" at ``i`` ("break that down by")?

    >>> _broken_down(tuple("break that down by month".split()), 3)
    True
    >>> _broken_down(tuple("orders placed by month".split()), 2)
    False
    """
    return _BROKEN_DOWN.search(" ".join(words[max(0, i - 4):i]) + " ") is not None


#: "show zeros", "zeros included", "including teams with no agents", "even those without
#: orders", "showing 0 for carriers without loads": the groups with nothing are wanted too.
#: "incl. ones with none" abbreviates "including" ("incl sites w none": "with" too);
#: "including marinas that sold none", "including teachers who taught no lessons" say it with
#: a verb. "customers with zero orders" is no such request (it asks for those groups only).
_EMPTY_GROUPS = gated(
    r"\b(?:show|shows|showing|include|includes|including|incl\.?|keep|keeping)\s+"
    r"(?:the\s+|all\s+)?"
    r"(?:zeros|zeroes|0s|zero counts|zero rows|empty ones)\b"
    r"|\bzero(?:e)?s\s+(?:included|shown|too|as well)\b"
    r"|\b(?:including|include|includes|incl\.?|even)\s+(?:the\s+|those\s+|ones\s+|any\s+)?"
    r"(?:[a-z]+\s+){0,2}?(?:(?:with|w/|w|that have|who have|which have|having)\s+"
    r"(?:no|none|nothing|zero|0)|without)\b"
    r"|\b(?:including|include|includes|incl\.?|even)\s+(?:the\s+|those\s+|ones\s+|any\s+)?"
    r"(?:[a-z]+\s+){0,2}?(?:that|who|which)\s+(?:[a-z]+\s+){1,2}?(?:none|nothing|no|zero|0)\b"
    r"|\bshowing\s+(?:0|zero)\s+for\b"
    # "including teams that haven't competed", "incl. reps who never sold"
    r"|\b(?:including|include|includes|incl\.?|even)\s+(?:the\s+|those\s+|ones\s+)?"
    r"(?:[a-z]+\s+){0,2}?(?:that|who|which)\s+(?:haven't|hasn't|didn't|havent|hasnt|didnt|"
    r"never|have\s+not|has\s+not|did\s+not)\b")
#: The same asked after the groups are named: "zero if none", "0 if nothing was bought yet",
#: "idle instructors included", "empty rooms too", "bars with none too" (a pattern of its own:
#: one gate of this many words would hold too many needles).
_EMPTY_GROUPS_KEPT = gated(
    r"\b(?:0|zero)\s+(?:if|when|where)\s+(?:there\s+(?:is|are|was|were)\s+)?"
    r"(?:none|nothing|no)\b"
    r"|\b(?:idle|empty|unused|unsold|unbooked)\s+(?:[a-z]+\s+)?(?:included|too|as well)\b"
    r"|\bwith\s+(?:none|nothing|zero|no\s+[a-z]+)\s+(?:included|too|as well)\b"
    # "rooms with none as 0", "guides with no tours shown as zero"
    r"|\bwith\s+(?:none|nothing|no\s+[a-z]+)\s+(?:as|at|showing|shown\s+as)\s+(?:0|zero)\b")


#: "new clients per clinic this year (show all clinics)", "hours by technician, every
#: technician included", "closures per course this season, all courses", "tickets per agent
#: for all agents": every group asked for, named again after the question groups by it
#: (:func:`_all_groups`). "show all orders over $100" names no group and is a listing.
_ALL_GROUPS = gated(
    r"\b(?:show|showing|list|listing|include|including|incl\.?)\s+(?:all|every)\s+"
    r"(?:the\s+|of\s+the\s+)?([a-z]+)"
    r"|\b(?:all|every)\s+([a-z]+)\s+(?:included|shown|listed)\b"
    r"|(?:,|\bfor|\bacross)\s+(?:all|every)\s+(?:the\s+|of\s+the\s+)?([a-z]+)")
#: What every match of :data:`_ALL_GROUPS` holds: "all" or "every" and a blank after it (a
#: finer test than its needles, "all" and "every" anywhere: "overall", "smaller").
_ALL_OR_EVERY = re.compile(r"(?:all|every)\s")
#: The noun a question groups by: "per clinic", "by clinic", "for each clinic".
_GROUPED_BY = re.compile(r"\b(?:per|by|each|every)\s+([a-z]+)")


def _all_groups(text: str) -> bool:
    """Does the text ask for every group by name, the noun it groups by ("per clinic ...
    (show all clinics)")?

    >>> _all_groups("new clients per clinic this year (show all clinics)")
    True
    >>> _all_groups("hours by technician last week, every technician included")
    True
    >>> _all_groups("show all orders over $100 by customer")
    False
    >>> _all_groups("full-day closures per course this season, all courses")
    True
    >>> _all_groups("total sales by month for all stores")
    False
    """
    if _ALL_OR_EVERY.search(text) is None:
        return False
    for m in _ALL_GROUPS.finditer(text):
        noun = stem(m.group(1) or m.group(2) or m.group(3))
        if any(stem(g.group(1)) == noun for g in _GROUPED_BY.finditer(text[:m.start()])):
            return True
    return False


def asks_empty_groups(text: str) -> bool:
    """Does the (case-folded) text ask to show the groups with nothing too?

    >>> asks_empty_groups("loads per active carrier this month, show zeros")
    True
    >>> asks_empty_groups("number of agents in each team, including teams with no agents.")
    True
    >>> asks_empty_groups("open jobs per technician incl. ones with none")
    True
    >>> asks_empty_groups("loads per site this crop yr, incl sites w none")
    True
    >>> asks_empty_groups("diesel sales per marina, including marinas that sold none")
    True
    >>> asks_empty_groups("material cost for each open job, zero if nothing bought yet")
    True
    >>> asks_empty_groups("lesson hours per instructor last week, idle instructors included")
    True
    >>> asks_empty_groups("room bookings per bar last week, bars with none too")
    True
    >>> asks_empty_groups("product categories with zero sales in april 2025.")
    False
    >>> asks_empty_groups("zero-balance accounts if none are overdue")
    False
    >>> asks_empty_groups("new clients per clinic this year (show all clinics)")
    True
    >>> asks_empty_groups("rentals per guide last month, guides with no tours as 0")
    True
    >>> asks_empty_groups("teams and their entries, including teams that haven't competed")
    True
    """
    return (_EMPTY_GROUPS.search(text) is not None
            or _EMPTY_GROUPS_KEPT.search(text) is not None or _all_groups(text))

