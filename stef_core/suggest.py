"""Drafting a ruleset from question / SQL logs (``stef rules suggest``).

Two passes over the logs, each streaming one record at a time:

1. **Candidates.** From the SQL: columns compared with a small set of string values that the
   questions name (categorical values); a LIMIT that recurs on plain lists (no ORDER BY); a
   guard present in most queries whatever the question (benign filters: ``tenant_id = *`` when
   its value varies), or in most of the queries that read one table (a business state:
   ``status IN ('captured', 'settled')`` on transactions). From the questions: words that
   come with one value of a categorical column when the question does not name the value
   ("won deals" with ``stage = 'closed_won'``), and words that come with a table the
   question does not name ("clients" for ``accounts``). From the enrichment's hints (``"X
   refers to Y"``, ``"X means Y"``): value words (``X refers to status = 'extinct'``),
   predicate terms (``X refers to age > 30``) and synonyms (``X refers to street_name``).
2. **Evidence.** Every candidate that a question would trigger (a value, a word, a phrase) is
   checked against every record: of the records whose question or enrichment uses it, how many
   have SQL that agrees (compares the column with the value, holds the condition, reads the
   column or table)? That count is the statement's *support*, and support over uses its
   *precision*. A word that agents answer with its filter 9 times in 10 is vocabulary; "action"
   in "course of action" is not.

A statement is proposed when its support reaches ``min_support`` and its precision
``min_precision``; both are written beside it as a ``#`` comment. A benign filter's evidence is
the share of queries that hold it ("present in 35 of 40 queries"): at least
:data:`BENIGN_SHARE` of them, a threshold that a small log can meet when a few queries
legitimately go without the guard (an admin's count across tenants). The draft always passes
``stef rules check``: a statement the compiler would reject (a word given two meanings) is kept
as a comment saying why. A person reviews the draft; nothing here is meant to be used unread.

SQL is read with the installed SQL extractor (through the plugin registry, as the engine does);
hints are read with sqlglot.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from stef_core.contracts import SqlExtractor
from stef_core.models import Record
from stef_core.spec import SqlSpec
from stef_core.values import kept_side

#: The value the SQL extractor gives a comparison with a subquery (``x = (SELECT ...)``).
SUBQUERY = "<subquery>"
#: A categorical column has at most this many distinct string values in the logs.
MAX_CATEGORY_VALUES = 12
#: A benign filter is present in at least this share of the queries (3 in 4: on a 40-record log
#: a guard may be missing from 10 queries that legitimately run without it).
BENIGN_SHARE = 0.75
#: ... and its value is named by at most this share of the questions that carry it.
BENIGN_NAMED_SHARE = 0.2
#: A guard judged among the queries that read one table is held by at least this many of them
#: (3 of the 4 queries on ``refunds`` keeping 'approved' is a question's habit, not a guard).
MIN_TABLE_GUARD = 5
#: The operator under which :class:`Miner` counts every spelling of one flag guard.
FLAG = "flag"
#: A limit guard keeps at least this many rows (LIMIT 1 on a list is a pick, not a guard).
MIN_GUARD = 10
#: A limit guard is at least this share of the LIMITs on plain lists.
GUARD_SHARE = 0.5
#: Phrases longer than this many words are sentences, not vocabulary.
MAX_PHRASE_WORDS = 5
#: A word read from the questions is a candidate for a value or a table when it comes with at
#: least this many of the records that hold the value (or read the table) without naming it ...
MIN_WORD_RECORDS = 2
#: ... and with at least this share of them: "won" with 4 of the 5 queries on 'closed_won'.
MIN_WORD_SHARE = 1 / 3

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_MARKERS = (" Hint:", "\nHint:", " Evidence:", "\nEvidence:")
_CLAUSE = re.compile(
    r"^\s*(?P<phrase>[^=<>()]{2,80}?)\s+(?:refers?\s+to|means?(?:\s+that)?|stands?\s+for|"
    r"indicates?)\s+(?P<rhs>.+?)\s*\.?\s*$",
    re.IGNORECASE | re.DOTALL,
)
_LEADING = re.compile(
    r"^(?:(?:in|of|for|on|at|from|by|with)\s+)?(?:the|a|an|all|those|these|which|what|who|"
    r"whose|when|where|how)\s+", re.IGNORECASE)
#: Words that carry no vocabulary of their own: a phrase made only of these is not proposed.
_EMPTY_WORDS = frozenset((
    "a", "an", "the", "of", "in", "on", "at", "to", "for", "by", "with", "from", "and", "or",
    "is", "are", "was", "were", "be", "it", "its", "this", "that", "these", "those", "which",
    "what", "who", "whom", "whose", "when", "where", "why", "how", "many", "much", "number",
    "name", "names", "id", "ids", "list", "show", "give",
))
#: Words that questions use whatever they ask about: never read as a value's or a table's word.
_QUESTION_WORDS = _EMPTY_WORDS | frozenset((
    "all", "any", "each", "every", "per", "more", "most", "less", "least", "than", "top",
    "total", "sum", "average", "avg", "count", "mean", "max", "min", "maximum", "minimum",
    "highest", "lowest", "biggest", "largest", "smallest", "first", "last", "next", "new",
    "old", "this", "that", "there", "their", "them", "they", "our", "ours", "we", "you",
    "your", "have", "has", "had", "did", "does", "do", "done", "get", "got", "not", "no",
    "without", "still", "yet", "also", "only", "over", "under", "above", "below", "between",
    "since", "until", "before", "after", "during", "into", "about", "than", "then", "can",
    "will", "would", "should", "could", "much", "many", "number", "amount", "value", "size",
    "rate", "share", "percent", "percentage", "ratio", "day", "days", "week", "weeks", "month",
    "months", "quarter", "quarters", "year", "years", "today", "yesterday", "now", "ago",
    "time", "date", "dates", "current", "recent", "recently", "same", "other", "others",
    "some", "such", "own", "out", "off", "one", "two", "three", "tell", "find", "display",
    "return", "which", "give", "show", "list", "many", "how", "what", "who", "been", "being",
    # How often and when: the time reader's words, never a value's or a table's ("weekly
    # cancellations" is status = 'CANCELLED' per week).
    "hourly", "daily", "weekly", "monthly", "quarterly", "yearly", "tomorrow", "tonight",
    "ytd", "mtd", "qtd", "wtd",
    # Months and weekdays say when too ("late flights in march" keeps status = 'arrived' for
    # "late", not for March); a statistic names an aggregate ("median delay").
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
    "sept", "oct", "nov", "dec", "monday", "tuesday", "wednesday", "thursday", "friday",
    "saturday", "sunday", "weekday", "weekdays", "weekend", "weekends", "median",
    "percentile",
))
_WORD = re.compile(r"[a-z][a-z]+")
_QUOTE = re.compile(r"'((?:[^']|'')*)'")
_SEPARATORS = re.compile(r"[\s_-]+")


def hint_of(record: Record) -> str:
    """The evidence part of an enriched question (after ``Hint:``), or ""."""
    text = record.enriched_question or ""
    for marker in _MARKERS:
        i = text.find(marker)
        if i >= 0:
            return text[i + len(marker):].strip()
    return ""


def fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def variants(phrase: str) -> set[str]:
    """A phrase's spellings as the vocabulary rule matches them: singular and plural."""
    base = _SEPARATORS.sub(" ", fold(phrase)).strip()
    if not base:
        return set()
    out = {base, base + "s", base + "es"}
    if base.endswith("y") and len(base) > 2:
        out.add(base[:-1] + "ies")
    if base.endswith("s") and len(base) > 3:
        out.add(base[:-1])
    return out


def clean_phrase(phrase: str) -> str | None:
    """A hint's left-hand side as a vocabulary phrase, or None when it is not one."""
    text = phrase.strip().strip("\"'`").strip()
    text = _LEADING.sub("", text)
    text = re.sub(r"\s+", " ", text).strip(" ,:")
    if len(text) < 3 or len(text.split()) > MAX_PHRASE_WORDS:
        return None
    if any(ch in text for ch in "=<>()[]{}#\\;\"`") or text.isdigit():
        return None
    if all(w in _EMPTY_WORDS for w in re.findall(r"[a-z0-9]+", text.lower())):
        return None  # "who", "in which": question words, not a domain's vocabulary
    return text


FilterKey = tuple[str, str, Any]  # (column lower-cased, operator, normalized value)


@dataclass(frozen=True)
class Candidate:
    """A statement a question would trigger: ``phrase`` occurring means ``needs`` (filters
    the SQL should hold) or, for a synonym, that the SQL reads ``column``."""

    kind: str  # "value", "word", "predicate", "synonym", "table"
    phrase: str
    column: str = ""
    value: str = ""  # folded
    sql: str = ""
    needs: tuple[FilterKey, ...] = ()


@dataclass
class _Tally:
    uses: int = 0  # records whose question or enrichment uses the phrase
    agree: int = 0  # ... and whose SQL agrees
    #: the distinct questions (folded) of the records that agree: a production log asks one
    #: question of several agent versions, and one question asked three times is one use
    asked: set[str] = field(default_factory=set)


@dataclass
class Miner:
    """Pass 1 (:meth:`add`) collects candidates; pass 2 (:meth:`check`) counts the evidence;
    :meth:`draft` writes the ``.stef`` proposal."""

    extractor: SqlExtractor
    dialect: str | None = None
    records: int = 0
    unreadable: int = 0
    unparsable: int = 0
    # column -> value (folded) -> records comparing the column with it
    compared: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    named_values: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    spelling: dict[str, str] = field(default_factory=dict)  # folded value -> as the SQL has it
    columns: dict[str, str] = field(default_factory=dict)  # lower-case -> as first spelled
    hinted: Counter[Candidate] = field(default_factory=Counter)
    plain_limits: Counter[int] = field(default_factory=Counter)
    # (column, operator) -> queries that hold it; its values; queries whose question names one
    guards: Counter[tuple[str, str]] = field(default_factory=Counter)
    guard_values: dict[tuple[str, str], Counter[Any]] = field(
        default_factory=lambda: defaultdict(Counter))
    guards_named: Counter[tuple[str, str]] = field(default_factory=Counter)
    # guard -> the tables each query holding it reads (one count per set of tables): a guard
    # on one table's flag is judged among the queries that read a table it guards
    guard_tables: dict[tuple[str, str], Counter[frozenset[str]]] = field(
        default_factory=lambda: defaultdict(Counter))
    # (guard, table) -> value -> queries reading the table that hold the guard with the value,
    # and how many of those the question names: a business-state guard of one table (``status
    # IN ('captured', 'settled')`` on transactions, ``status <> 'draft'`` on invoices) beside
    # the column's other values that other tables' queries ask about
    table_values: dict[tuple[tuple[str, str], str], Counter[Any]] = field(
        default_factory=lambda: defaultdict(Counter))
    table_named: dict[tuple[tuple[str, str], str], Counter[Any]] = field(
        default_factory=lambda: defaultdict(Counter))
    # (column, states) -> the questions of the queries that keep that list of states on a
    # state column (``status IN ('flown', 'no_show')``), and how many of them name a state
    state_lists: dict[tuple[str, tuple[str, ...]], set[str]] = field(
        default_factory=lambda: defaultdict(set))
    state_lists_named: Counter[tuple[str, tuple[str, ...]]] = field(default_factory=Counter)
    # flag guard -> how the SQL spells its "=" form (``is_test = 0``, ``is_test = FALSE``)
    flag_spelling: dict[tuple[str, str], Counter[Any]] = field(
        default_factory=lambda: defaultdict(Counter))
    # (column, value) -> records holding column = value whose question does not name it, and
    # the question words of those records (singular form -> count)
    value_unnamed: Counter[tuple[str, str]] = field(default_factory=Counter)
    value_context: dict[tuple[str, str], Counter[str]] = field(
        default_factory=lambda: defaultdict(Counter))
    # table -> records that read it, records whose question does not name it, and their words
    tables: Counter[str] = field(default_factory=Counter)
    table_unnamed: Counter[str] = field(default_factory=Counter)
    table_context: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    surface: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    schema_words: set[str] = field(default_factory=set)  # identifier parts, singular
    tallies: dict[Candidate, _Tally] = field(default_factory=dict)
    # table candidate -> the other tables read where its word is used
    cotables: dict[Candidate, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    _pattern: re.Pattern[str] | None = None
    _by_variant: dict[str, list[Candidate]] = field(default_factory=dict)

    # ---- pass 1: candidates ----------------------------------------------------------------

    def add_bad(self) -> None:
        """A record the reader could not turn into a :class:`Record`."""
        self.unreadable += 1

    def _spec(self, record: Record) -> SqlSpec | None:
        try:
            return self.extractor.extract(record.sql, record.dialect or self.dialect)
        except Exception:  # a StefError for bad SQL, anything else from a broken plugin
            return None

    def add(self, record: Record) -> None:
        """Count one record's candidates; a record whose SQL cannot be read is counted apart."""
        spec = self._spec(record)
        if spec is None:
            self.unparsable += 1
            return
        self.records += 1
        question = fold(record.question)
        for literal in _QUOTE.findall(record.sql):
            text = literal.replace("''", "'")
            self.spelling.setdefault(fold(text), text)
        words = self._words(question)
        self._filters(spec, question, words)
        self._tables(spec, words)
        if spec.limit is not None and not spec.order_by and spec.limit >= MIN_GUARD:
            self.plain_limits[spec.limit] += 1
        hint = hint_of(record)
        if hint:
            self._hint(hint, record.dialect or self.dialect)

    def _words(self, question: str) -> set[str]:
        """The question's content words, singular (each spelling remembered)."""
        out = set()
        for w in _WORD.findall(question):
            if len(w) >= 3 and w not in _QUESTION_WORDS:
                key = _singular(w)
                if key not in _QUESTION_WORDS:
                    out.add(key)
                    self.surface[key][w] += 1
        return out

    def _filters(self, spec: SqlSpec, question: str, words: set[str]) -> None:
        seen: set[tuple[str, str]] = set()
        read = frozenset(t.lower() for t in spec.tables if _NAME.fullmatch(t))
        for f in spec.filters:
            if not f.column or not _NAME.fullmatch(f.column):
                continue
            column = f.column.lower()
            self.columns.setdefault(column, f.column)
            self.schema_words.update(_parts(f.column))
            guard: tuple[str, str] = (column, f.op)
            value: Any = f.value
            side = _flag_side(column, f.op, f.value)
            if side is not None:
                # one guard however it is spelled: ``is_test = false``, ``NOT is_test``,
                # ``is_test = 0`` and ``is_test IS NOT TRUE`` keep the same rows of a flag
                guard, value = (column, FLAG), side
                if f.op == "=" and not f.excluded:
                    self.flag_spelling[guard][f.value] += 1
            # A filter of an excluded set (``lease_id NOT IN (SELECT ... WHERE is_test = 1)``)
            # says which rows of another table are left out, not which rows a guard keeps.
            if (not f.excluded and guard not in seen and _hashable(f.value)
                    and f.value != SUBQUERY):
                seen.add(guard)
                self.guards[guard] += 1
                self.guard_values[guard][value] += 1
                self.guard_tables[guard][read] += 1
                named = any(isinstance(v, (str, int)) and not isinstance(v, bool)
                            and _uses(question, str(v)) for v in _values(f.value))
                self.guards_named[guard] += named
                for table in read:
                    self.table_values[(guard, table)][value] += 1
                    self.table_named[(guard, table)][value] += named
            states = _state_list(column, f.op, f.value)
            if states:
                self.state_lists[(column, states)].add(question)
                self.state_lists_named[(column, states)] += any(
                    _uses(question, v) for v in states)
            if f.op not in ("=", "in"):
                continue
            for v in _values(f.value):
                if isinstance(v, str) and v.strip() and v != SUBQUERY:
                    self.compared[column][v] += 1
                    if _uses(question, v):
                        self.named_values[column][v] += 1
                    elif f.op == "=":
                        # Words that may mean this value: only from single-value filters
                        # ("open deals" with an IN list names no one value).
                        self.value_unnamed[(column, v)] += 1
                        self.value_context[(column, v)].update(words)

    def _tables(self, spec: SqlSpec, words: set[str]) -> None:
        for column in spec.columns:
            self.schema_words.update(_parts(column))
        for name in {t for t in spec.tables if _NAME.fullmatch(t)}:
            table = name.lower()
            parts = _parts(name)
            self.schema_words.update(parts)
            self.columns.setdefault(table, name)
            self.tables[table] += 1
            if not parts & words:
                self.table_unnamed[table] += 1
                self.table_context[table].update(words)

    def _hint(self, hint: str, dialect: str | None) -> None:
        import sqlglot
        from sqlglot import exp

        for clause in re.split(r";|\n", hint):
            m = _CLAUSE.match(clause)
            if not m:
                continue
            phrase = clean_phrase(m.group("phrase"))
            rhs = m.group("rhs").strip().rstrip(".;, ")
            if phrase is None or not rhs or len(rhs) > 200:
                continue
            try:
                tree = sqlglot.parse_one(rhs, read=dialect or "sqlite")
            except Exception:  # prose, not SQL: not vocabulary we can state
                continue
            while isinstance(tree, exp.Paren):
                tree = tree.this
            if isinstance(tree, exp.Column):
                column = tree.name
                if _NAME.fullmatch(column) and fold(column) != fold(phrase):
                    self.columns.setdefault(column.lower(), column)
                    self.hinted[Candidate("synonym", phrase, column.lower())] += 1
                continue
            if not isinstance(tree, (exp.Predicate, exp.Connector, exp.Not)):
                continue  # a metric (MAX(salary)): terms are left to a person
            if (isinstance(tree, exp.EQ) and isinstance(tree.this, exp.Column)
                    and isinstance(tree.expression, exp.Literal) and tree.expression.is_string):
                column, value = tree.this.name, tree.expression.this
                if not _NAME.fullmatch(column) or not value.strip():
                    continue
                self.columns.setdefault(column.lower(), column)
                self.spelling.setdefault(fold(value), value)
                if fold(value) != fold(phrase):
                    self.hinted[Candidate("word", phrase, column.lower(), fold(value))] += 1
                continue
            if any(not _NAME.fullmatch(c.name) for c in tree.find_all(exp.Column)):
                continue
            if tree.find(exp.Subquery, exp.Select, exp.AggFunc) is not None:
                continue
            sql = tree.sql()
            needs = self._condition(sql)
            if needs:
                self.hinted[Candidate("predicate", phrase, sql=sql, needs=needs)] += 1

    def _condition(self, sql: str) -> tuple[FilterKey, ...]:
        """The filters a condition stands for, read by the same extractor as the SQL."""
        try:
            spec = self.extractor.extract(f"SELECT 1 FROM t WHERE {sql}", "sqlite")
        except Exception:  # not readable as a WHERE clause: no evidence can be checked
            return ()
        keys = tuple((f.column.lower(), f.op, f.value) for f in spec.filters if f.column)
        return keys if len(keys) == len(spec.filters) else ()

    # ---- pass 2: evidence ------------------------------------------------------------------

    def candidates(self) -> list[Candidate]:
        """Every statement worth checking: hint candidates, and the named values of columns
        compared with a small set of string values."""
        out = list(self.hinted)
        for column, named in self.named_values.items():
            if len(self.compared[column]) > MAX_CATEGORY_VALUES:
                continue  # names, ids, free text: not a categorical column
            out.extend(Candidate("value", v, column, v) for v in named if matchable(v))
        # A value a hint's word stands for matches on its own once declared: judge it too.
        out.extend(Candidate("value", c.value, c.column, c.value) for c in self.hinted
                   if c.kind == "word" and matchable(c.value))
        values = {_singular(w) for named in self.compared.values() for v in named
                  for w in _WORD.findall(fold(v))}
        # Words the questions use for one value of a categorical column, without naming it
        for (column, value), context in self.value_context.items():
            if len(self.compared[column]) > MAX_CATEGORY_VALUES:
                continue
            own = {_singular(fold(v)) for v in self.compared[column]}  # named values
            out.extend(Candidate("word", self._spelled(w), column, value)
                       for w in self._frequent(context, self.value_unnamed[(column, value)])
                       if w not in own)
        # ... and for a table the question does not name. A word that is a column's value
        # ("calls" for type = 'call') or names a column is not a table's word.
        for table, context in self.table_context.items():
            out.extend(Candidate("table", self._spelled(w), table)
                       for w in self._frequent(context, self.table_unnamed[table])
                       if w not in values)
        return list(dict.fromkeys(out))

    def _guard_share(self, guard: tuple[str, str], n: int, min_support: int) -> str | None:
        """Where a guard is present in most queries: "n of M queries" when it is in most of
        the log; "n of M queries that read orders" when it is in most of the queries that
        read the table it guards (a test flag on ``orders`` is absent from the queries on
        ``products``, which have nothing to guard); None otherwise. A table the guard guards
        is one most of whose queries hold it (``is_void`` on ``time_entries`` and on
        ``invoices``: one table is enough)."""
        if n >= BENIGN_SHARE * self.records:
            return f"{n} of {self.records} queries"
        if len(self.guard_values[guard]) != 1:
            return None  # a column compared with many values there is asked about, no guard
        held: Counter[str] = Counter()
        for tables, k in self.guard_tables[guard].items():
            held.update(dict.fromkeys(tables, k))
        home = {t for t, k in held.items()
                if k >= max(min_support, MIN_TABLE_GUARD, BENIGN_SHARE * self.tables[t])}
        if not home:
            return None
        best = max(sorted(home), key=lambda t: held[t])
        return (f"{held[best]} of the {self.tables[best]} queries that read "
                f"{self.columns.get(best, best)}")

    def _table_guards(self, guard: tuple[str, str], min_support: int
                      ) -> list[tuple[Any, str]]:
        """The values a guard keeps in most of the queries that read one table, whatever
        their questions, each with its evidence ("40 of the 46 queries that read
        transactions"): the column may hold other values other tables' queries ask about
        (``status = 'open'`` on disputes beside ``status IN ('captured', 'settled')`` on
        transactions). A value held by at least :data:`MIN_TABLE_GUARD` of a table's queries
        and :data:`BENIGN_SHARE` of them is a guard when it stays there where the questions
        do not name it (:func:`_unasked`) and the table is where it is kept: most of the
        queries holding it read the table (``status IN ('arrived', 'diverted')`` in 7 of the
        9 queries that read aircraft, but in 26 queries over flight legs, most of which go
        without it: a condition some questions ask for, not the aircraft's guard)."""
        best: dict[Any, tuple[int, str]] = {}
        for (g, table), values in self.table_values.items():
            if g != guard:
                continue
            total = self.tables[table]
            for value, held in values.items():
                named = self.table_named[(g, table)][value]
                if held < max(min_support, MIN_TABLE_GUARD, BENIGN_SHARE * total,
                              BENIGN_SHARE * self.guard_values[guard][value]) or not (
                        _unasked(held, named, total, min_support)):
                    continue
                if held > best.get(value, (0, ""))[0] or (
                        held == best[value][0] and table < best[value][1]):
                    best[value] = (held, table)
        return [(value, f"{held} of the {self.tables[table]} queries that read "
                        f"{self.columns.get(table, table)}")
                for value, (held, table) in sorted(best.items(), key=lambda kv: repr(kv[0]))]

    def _frequent(self, context: Counter[str], records: int) -> list[str]:
        """Words of ``context`` that come with enough of its ``records`` and name no column
        or table."""
        need = max(MIN_WORD_RECORDS, MIN_WORD_SHARE * records)
        return sorted(w for w, n in context.items()
                      if n >= need and w not in self.schema_words)

    def _spelled(self, word: str) -> str:
        """A word as the questions most often spell it."""
        return self.surface[word].most_common(1)[0][0] if self.surface.get(word) else word

    def check(self, record: Record) -> None:
        """Count, for every candidate the record's question or enrichment uses, whether the
        record's SQL agrees with it."""
        if self._pattern is None:
            self._compile()
        if self._pattern is None:
            return
        text = fold(record.question + " " + (record.enriched_question or ""))
        used: set[Candidate] = set()
        # Overlapping matches: every start position, and every shorter phrase at that start
        # ("good" inside "good performance"), so that each candidate is judged on its own.
        for m in self._pattern.finditer(text):
            words = _SEPARATORS.sub(" ", m.group(1)).split(" ")
            for end in range(len(words), 0, -1):
                used.update(self._by_variant.get(" ".join(words[:end]), ()))
        if not used:
            return
        spec = self._spec(record)
        if spec is None:
            return
        keys = set()
        for f in spec.filters:
            if f.column:
                for v in _values(f.value):
                    keys.add((f.column.lower(), "=" if f.op == "in" else f.op, v))
        read = {c.lower() for c in spec.columns}
        tables = {t.lower() for t in spec.tables}
        for c in used:
            tally = self.tallies.setdefault(c, _Tally())
            tally.uses += 1
            if c.kind == "synonym":
                ok = c.column in read
            elif c.kind == "table":
                ok = c.column in tables
                self.cotables[c].update(tables - {c.column})
            elif c.kind in ("value", "word"):
                ok = (c.column, "=", c.value) in keys
            else:
                ok = all((col, "=" if op == "in" else op, v) in keys
                         for col, op, value in c.needs for v in _values(value))
            if ok:
                tally.agree += 1
                tally.asked.add(_SEPARATORS.sub(" ", fold(record.question)).strip())

    def _compile(self) -> None:
        by_variant: dict[str, list[Candidate]] = defaultdict(list)
        for c in self.candidates():
            for v in variants(c.phrase):
                by_variant[v].append(c)
        self._by_variant = dict(by_variant)
        if by_variant:
            body = "|".join(re.escape(v).replace(r"\ ", r"[\s_-]+")
                            for v in sorted(by_variant, key=lambda v: (-len(v), v)))
            self._pattern = re.compile(rf"(?<![\w])(?=({body})(?![\w]))")

    # ---- writing ---------------------------------------------------------------------------

    def draft(self, min_support: int = 2, min_precision: float = 0.8,
              name: str = "draft") -> tuple[str, int]:
        """The proposal as ``.stef`` text and its number of statements."""
        from stef_core.dsl.formatter import quote_double, quote_single, render_scalar

        def word(text: str) -> str:
            return text if _NAME.fullmatch(text) else quote_double(text)

        def value(text: str) -> str:
            spelled = self.spelling.get(text, text)
            return spelled if _NAME.fullmatch(spelled) else quote_single(spelled)

        def col(column: str) -> str:
            return self.columns.get(column, column)

        def evidence(c: Candidate) -> str:
            t = self.tallies.get(c) or self.tallies[by_phrase[c.phrase]]
            return f"support {t.agree} of {t.uses} ({t.agree / t.uses:.0%})"

        def enough(c: Candidate, t: _Tally) -> bool:
            if t.agree < min_support or t.agree < min_precision * t.uses:
                return False
            if c.kind in ("word", "table") and len(t.asked) < min_support:
                # A word read from the questions beside a value or a table they do not name
                # is vocabulary when several questions use it so: "sept" in the one question
                # "change orders with cost impact since sept", asked of three agent versions,
                # is that question's month, not a word for cost_impact_yn = 'Y'.
                return False
            if c.kind == "table" and self.records:
                # Halfway from the table's share of all queries to certainty: in a log where
                # most queries read `orders`, "total" comes with it by chance.
                base = self.tables[c.column] / self.records
                # And a word that comes as often with another table ("held" with both `city`
                # and `games_city`) names the domain, not this table.
                other = max(self.cotables[c].values(), default=0)
                return t.agree >= (1 + base) / 2 * t.uses and other < t.uses / 2
            return True

        accepted = [c for c, t in self.tallies.items() if enough(c, t)]
        by_phrase = {c.phrase: c for c in accepted if c.kind == "word"}
        # One meaning per word: the best evidenced candidate keeps a contested word.
        accepted.sort(key=lambda c: (-self.tallies[c].agree / self.tallies[c].uses,
                                     -self.tallies[c].agree, c.kind, c.phrase))
        owner: dict[str, Candidate] = {}
        kept: list[Candidate] = []
        for c in accepted:
            key = _singular(fold(c.phrase))  # "character name" and "character names" are one
            if key in owner:
                continue
            owner[key] = c
            kept.append(c)
        # A word whose value would match on its own, but is not vocabulary by itself
        # ("american" beside "American restaurant"), is stated as a predicate term instead.
        # (A value no question uses on its own, 'closed_won', is declared with its words.)
        alone = {(c.column, c.value) for c, t in self.tallies.items()
                 if c.kind == "value" and t.uses}
        standalone = ({(c.column, c.value) for c in kept if c.kind == "value"}
                      | {(c.column, c.value) for c in self.candidates()
                         if c.kind == "word" and (c.column, c.value) not in alone})
        def _as_predicate(c: Candidate) -> Candidate:
            return Candidate("predicate", c.phrase, sql=f"{col(c.column)} = "
                             + quote_single(self.spelling.get(c.value, c.value)))

        kept = [
            _as_predicate(c)
            if c.kind == "word" and matchable(c.value) and (c.column, c.value) not in standalone
            else c
            for c in kept
        ]

        by_column: dict[str, list[Candidate]] = defaultdict(list)
        for c in kept:
            if c.kind in ("value", "word"):
                by_column[c.column].append(c)
        for column, group in list(by_column.items()):
            values = list(dict.fromkeys(c.value for c in group))
            if len(values) < 2 and matchable(values[0]):
                # One value that matches by itself is an entity the logs repeat, not a
                # category; its words still mean its filter, as condition terms.
                del by_column[column]
                kept.extend(_as_predicate(c) for c in group if c.kind == "word")

        sections: list[tuple[str, list[str]]] = []
        lines: list[str] = []
        for column in sorted(by_column):
            group = by_column[column]
            values = list(dict.fromkeys(c.value for c in group))
            named = [c for c in group if c.kind == "value"]
            lines.append(f"values {col(column)} = " + ", ".join(value(v) for v in values)
                         + "  # " + ("; ".join(f"{self.spelling.get(c.value, c.value)}: "
                                               f"{evidence(c)}" for c in named)
                                     or "declared by their words"))
            for c in group:
                if c.kind == "word":
                    lines.append(f"value {col(column)} {value(c.value)} = {word(c.phrase)}"
                                 f"  # {evidence(c)}")
        sections.append(("Categorical values: columns compared to a few string values that the "
                         "questions name, and the hints' words for them", lines))
        sections.append(("Predicate terms from enrichment hints (\"X refers to <condition>\")", [
            f"term {quote_double(c.phrase)} = {c.sql}  # {evidence(c)}"
            for c in kept if c.kind == "predicate"]))
        sections.append(("Synonyms: words for a column (enrichment hints: \"X refers to "
                         "<column>\") or for a table the question does not name", [
            f"synonym {col(c.column)} = {word(c.phrase)}  # "
            + ("table; " if c.kind == "table" else "") + evidence(c)
            for c in kept if c.kind in ("synonym", "table")]))

        lines = []
        total_plain = sum(self.plain_limits.values())
        for limit, n in self.plain_limits.most_common(1):
            if n >= min_support and n >= GUARD_SHARE * total_plain:
                lines.append(f"limit guard >= {limit}  # support {n} of {total_plain} LIMITs "
                             "on lists without ORDER BY")
        sections.append(("Limit guard: a LIMIT that recurs on plain lists", lines))

        lines = []
        for (column, op), n in sorted(self.guards.items(), key=lambda kv: (-kv[1], kv[0])):
            if self.records == 0 or n < min_support:
                break
            if _period_column(column):
                continue  # the questions' time scope ("this season"), theirs to ask
            share = self._guard_share((column, op), n, min_support)
            if share is None or not _unasked(n, self.guards_named[(column, op)],
                                             self.records, min_support):
                # not a guard of the whole log: perhaps one table's business state
                for held_value, where in self._table_guards((column, op), min_support):
                    rendered = (_benign_flag(col(column), held_value, self.flag_spelling[
                        (column, op)], render_scalar, self.spelling) if op == FLAG
                        else _benign(col(column), op, held_value, render_scalar, self.spelling))
                    if rendered:
                        lines.append(f"{rendered}  # present in {where}")
                continue
            seen_values = self.guard_values[(column, op)]
            if op == FLAG and len(seen_values) == 1:
                rendered = _benign_flag(col(column), next(iter(seen_values)),
                                        self.flag_spelling[(column, op)], render_scalar,
                                        self.spelling)
            elif len(seen_values) == 1:
                rendered = _benign(col(column), op, next(iter(seen_values)), render_scalar,
                                   self.spelling)
            else:  # a guard whose value varies (each tenant its own id): any value
                rendered = f"benign filter {col(column)} = *" if op == "=" else ""
            if rendered:
                lines.append(f"{rendered}  # present in {share}")
        sections.append(("Benign filters: guards present in most queries, whatever the "
                         "question", lines))

        # A list of states kept by the queries of several questions, none of which names one
        # of them (``status IN ('flown', 'no_show')`` for revenue, average fare and revenue
        # share): the deployment's definition of what its metrics count, not a guard of every
        # query; declared benign, it is no extra where a question leaves it unsaid.
        declared = {ln.split("  #", 1)[0] for ln in lines}
        lines = []
        for (column, states), questions in sorted(self.state_lists.items()):
            if (len(questions) < max(min_support, MIN_DEFINITION_QUESTIONS)
                    or self.state_lists_named[(column, states)]):
                continue
            rendered = _benign(col(column), "in", states, render_scalar, self.spelling)
            if rendered and rendered not in declared:
                lines.append(f"{rendered}  # kept by the queries of {len(questions)} different "
                             "questions, named by none")
        sections.append(("Business definitions: the states several questions' queries count",
                         lines))

        skipped = self.unreadable + self.unparsable
        out = [
            f"# Drafted by `stef rules suggest` from {self.records + skipped} records"
            + (f" ({self.unreadable} unreadable and {self.unparsable} with SQL that does not "
               "parse were skipped)" if skipped else "") + ".",
            "# support N of M: of M records whose question uses the words, N have SQL that "
            f"agrees (minimum {min_support}, {min_precision:.0%}).",
            "# Review every statement before use: the logs show what agents did, not what is "
            "right.",
            "",
            f"ruleset {quote_double(name)} version 1",
        ]
        count = 0
        for title, body in sections:
            if not body:
                continue
            out += ["", f"# ---- {title}"]
            out += body
            count += len(body)
        return "\n".join(out) + "\n", count


#: Identifier parts of a column that keeps a row's state.
STATE_PARTS = frozenset({"statu", "stat", "state", "stage", "phase"})  # (singular: "statu")
#: A list of states is a definition when the queries of this many different questions keep it.
MIN_DEFINITION_QUESTIONS = 3


def _state_list(column: str, op: str, value: Any) -> tuple[str, ...]:
    """The states an ``IN`` list of two or more words keeps on a state column, sorted (one
    key however the SQL orders them); empty for anything else.

    >>> _state_list("status", "in", ("no_show", "flown")), _state_list("region", "in", ("a", "b"))
    (('flown', 'no_show'), ())
    """
    if op != "in" or not _parts(column) & STATE_PARTS or not isinstance(value, tuple):
        return ()
    if not 2 <= len(value) <= 8 or not all(
            isinstance(v, str) and sum(c.isalpha() for c in v) >= 3 for v in value):
        return ()
    return tuple(sorted({fold(v) for v in value}))


def matchable(value: str) -> bool:
    """Does a declared value match questions by itself? Words of three letters or more do;
    numbers, dates and short codes ('F') only through their value words."""
    return len(value.strip()) >= 3 and re.search(r"[^\W\d_]", value) is not None


def _uses(text: str, value: str) -> bool:
    """Does folded ``text`` use ``value`` as whole words, singular or plural?"""
    return any(re.search(r"(?<!\w)" + re.escape(v).replace(r"\ ", r"[\s_-]+") + r"(?!\w)", text)
               for v in variants(value))


def _singular(phrase: str) -> str:
    if phrase.endswith("ies") and len(phrase) > 4:
        return phrase[:-3] + "y"
    if phrase.endswith("s") and len(phrase) > 3:
        return phrase[:-1]
    return phrase


def _parts(identifier: str) -> set[str]:
    """An identifier's words, singular, lower case, and the whole name.

    >>> sorted(_parts("opportunity_lines")), sorted(_parts("NameTokenized"))
    (['line', 'opportunity', 'opportunity_line'], ['name', 'nametokenized', 'tokenized'])
    """
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", identifier)
    words = {_singular(p) for p in re.split(r"[^a-z0-9]+", spaced.lower()) if p}
    return words | {_singular(identifier.lower())}


def _unasked(held: int, named: int, records: int, min_support: int) -> bool:
    """Does a filter held by ``held`` of ``records`` queries, ``named`` of whose questions
    name its value, stay where the questions do not name it? Questions that name a guard's
    value ("learners", "delivered orders") do not make it asked when the queries whose
    questions never name it hold it too: of the records that do not name it (at most
    ``records - named``), at least :data:`BENIGN_SHARE` hold it (a lower bound), at least
    ``min_support`` of them. A filter named in at most :data:`BENIGN_NAMED_SHARE` of its
    queries passes as before.

    >>> _unasked(85, 40, 90, 2), _unasked(72, 60, 90, 2), _unasked(6, 6, 6, 2)
    (True, False, False)
    """
    if named <= BENIGN_NAMED_SHARE * held:
        return True
    unnamed = held - named
    return unnamed >= min_support and unnamed >= BENIGN_SHARE * (records - named)


#: Words of a column that holds a period (a season code, a fiscal year, a month number).
PERIOD_PARTS = frozenset({"season", "year", "yr", "fy", "fiscal", "month", "mnth", "mon",
                          "quarter", "qtr", "week", "wk", "period"})


def _period_column(column: str) -> bool:
    """Does ``column`` hold a period? A filter every query of a log keeps on one (``season_cd
    = '2627'``, ``fiscal_yr = 2025``) is the time the questions ask about ("this season"), not
    a guard: declared benign it would excuse a query that keeps last season.

    >>> _period_column("season_cd"), _period_column("FiscalYear"), _period_column("rg_id")
    (True, True, False)
    """
    return bool(_parts(column) & PERIOD_PARTS)


def _values(value: Any) -> tuple[Any, ...]:
    return value if isinstance(value, tuple) else (value,)


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _flag_side(column: str, op: str, value: Any) -> bool | None:
    """The side of a flag a guard keeps (:func:`stef_core.values.kept_side`), or None. 0 and
    1 are a flag's values only off a key column (``store_id = 1`` is a tenant)."""
    if isinstance(value, int) and not isinstance(value, bool) and (
            column.endswith("id") or column.endswith("code") or column.endswith("_no")):
        return None
    return kept_side(op, value)


def _benign_flag(column: str, side: bool, spelled: Counter[Any], render: Any,
                 spelling: dict[str, str]) -> str:
    """A flag guard as the SQL spells its "=" form most often (``is_test = 0``), else as
    the boolean it keeps (``is_test = false`` for ``NOT is_test``)."""
    value = spelled.most_common(1)[0][0] if spelled else side
    if isinstance(value, bool):
        return f"benign filter {column} = {str(value).lower()}"
    return f"benign filter {column} = {render(spelling.get(value, value))}"


def _benign(column: str, op: str, value: Any, render: Any, spelling: dict[str, str]) -> str:
    """A filter as a ``benign filter`` statement, or "" when the language cannot say it."""
    if op == "is null":
        return f"benign filter {column} IS null"
    if op in ("in", "not in", "like", "not like", "is not null"):
        if op == "in" and isinstance(value, tuple):
            items = ", ".join(render(spelling.get(v, v) if isinstance(v, str) else v)
                              for v in value)
            return f"benign filter {column} IN ({items})"
        if op == "like" and isinstance(value, str):
            return f"benign filter {column} LIKE {render(spelling.get(value, value))}"
        return ""
    if isinstance(value, tuple):
        return ""
    shown = spelling.get(value, value) if isinstance(value, str) else value
    return f"benign filter {column} {op} {render(shown)}"


def check_draft(text: str, rule_ids: Iterable[str] | None = None) -> tuple[str, int]:
    """Comment out every statement the compiler rejects (with its reason) until the draft
    compiles; returns the text and how many statements were set aside."""
    from stef_core.dsl import compile_text
    from stef_core.rules import RulesError

    ids = tuple(rule_ids) if rule_ids is not None else None
    rejected = 0
    for _ in range(1000):  # each round sets aside at least one line; the bound is a safety net
        try:
            compile_text(text, "draft.stef", rule_ids=ids)
            return text, rejected
        except RulesError as exc:
            lines = text.split("\n")
            bad: dict[int, str] = {}
            for message in exc.messages:
                m = re.match(r"draft\.stef:(\d+):\d+: (.*)", message.split("\n", 1)[0])
                if m:
                    bad.setdefault(int(m.group(1)), m.group(2))
            if not bad:
                raise
            for number, reason in bad.items():
                lines[number - 1] = f"# rejected ({reason}): {lines[number - 1]}"
                rejected += 1
            text = "\n".join(lines)
    raise RuntimeError("the draft did not converge")  # pragma: no cover
