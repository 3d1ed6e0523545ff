"""A pattern wider than the thing named: ``filter.value_mismatch`` (major) when the question
names a kind by two words ("science fiction titles", "price variance invoices", "leads from
the home show") and the SQL keeps ``LIKE '%fiction%'``: a pattern of the last word(s) only,
which also matches historical fiction, quantity variances, any show. The word the pattern
leaves out must be a content word right before the pattern's words in the person's own
words, and nowhere in the SQL (no column, table or value holds it), so that nothing else in
the query narrows the rows to the kind named.

A question that says it looks for a part ("titles containing 'war'", "names that start with
Mc", "emails like ...") or quotes a value is left alone, and so is a pattern whose words the
question does not say in a row, or whose word before them is a verb ("countries that produce
fiat"), a kind ("in city Vancouver") or a title ("King Henry").

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("science fiction titles published this year", None)
>>> sql = "SELECT title FROM titles WHERE genre ILIKE '%fiction%' AND pub_dt >= '2026-01-01'"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.value_mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("'%fiction%'", "'%science fiction%'")))
[]
"""

from __future__ import annotations

import re

from stef_align.filters import IRREGULAR
from stef_align.names import parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.values import value_key
from stef_core.words import stem

#: The question asks for a part of a value: a pattern is its own reading.
_ASKS_PART = re.compile(
    r"\b(?:contain(?:s|ing|ed)?|includ(?:e|es|ing|ed)|mention(?:s|ing|ed)?|like|match(?:es|ing)?"
    r"|start(?:s|ing)? with|begin(?:s|ning)? with|end(?:s|ing)? (?:with|in)|keyword|substring"
    r"|pattern|partial|fuzzy|similar|word|phrase|text|anywhere)\b"
)
_WORD = re.compile(r"[a-z][a-z0-9]*")
#: Words that are not a kind's first word: function words, question and list words, amounts,
#: times, ranks and states said of the rows.
_NOT_A_KIND = frozenset(re.findall(r"\S+", """
a an the of in on at to by for from with without into onto over under per via as and or but
not no nor than then that this these those there their our my your its his her we us they i you
is are was were be been being do does did has have had will would can could should may might
what which who whom whose how many much when where why whether if each every all any some
list show give get find count return display tell name names named called call total number
sum average avg mean median rate share percent percentage ratio top bottom best worst most least
more less fewer highest lowest largest smallest biggest first last latest earliest recent newest
oldest next previous prior current past today yesterday week weeks month months quarter quarters
year years day days ytd mtd qtd since until before after during between within about around
only just also still ever never already other others another same different distinct unique
new active open closed pending total overall whole entire
use uses used have has having make makes made sell sells sold produce produces produced
related relate named call called say says said
"""))
#: Words that say what kind of thing a name is ("in city Vancouver", "the genre fantasy",
#: "King Henry"): the name after them is the value, the word is no part of it.
_KIND_WORDS = frozenset(re.findall(r"\S+", """
city cities country countries state states county region town district province street
brand company team store shop category categories type genre name title label tag code word
department school product model user customer author artist singer song movie film book player
king queen prince princess saint st sir lord lady dr mr mrs ms president pope duke
"""))
#: The question quotes a value ("a song having 'Hey' in its name"): what it quotes is the
#: value, and a pattern of it is the person's own reading.
_QUOTED = re.compile(r"(?:^|[\s(])['\"`]+\s*\w")
#: At most this many filters and names are read.
MAX_FILTERS = 32
MAX_NAMES = 256


def _sql_stems(sql: SqlSpec) -> set[str]:
    names = [*sorted(sql.columns)[:MAX_NAMES], *sql.tables[:MAX_NAMES]]
    names += [value_key(v) for v in sql.literals[:MAX_NAMES] if isinstance(v, str)]
    return {stem(w) for n in names for w in parts(n) if not w.isdigit()}


def _in(word: str, stems: set[str]) -> bool:
    s = stem(word)
    return any(s == t or (len(s) >= 4 and len(t) >= 4 and (t.startswith(s) or s.startswith(t)))
               for t in stems)


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    likes = [f for f in sql.filters[:MAX_FILTERS]
             if f.op == "like" and isinstance(f.value, str) and "%" in f.value]
    if not likes:
        return []
    own = q.own_words[:2000]
    if _ASKS_PART.search(own) or _QUOTED.search(own):
        return []
    tokens = _WORD.findall(own)
    stems: set[str] | None = None
    for f in likes:
        assert isinstance(f.value, str)
        text = f.value.lower()
        if not (text.startswith("%") or text.endswith("%")) or "%" in text.strip("%"):
            continue
        words = _WORD.findall(text.replace("_", " "))
        if not words or any(len(w) < 3 for w in words):
            continue
        n = len(words)
        for i in range(1, len(tokens) - n + 1):
            if tokens[i:i + n] != words:
                continue
            before = tokens[i - 1]
            if (before in _NOT_A_KIND or before in _KIND_WORDS or len(before) < 3
                    or before in words or before.endswith(("ing", "ed"))
                    or before in IRREGULAR):  # "customers who bought saffron": a verb
                continue
            if stems is None:
                stems = _sql_stems(sql)
            if _in(before, stems):
                continue
            return [reason(
                "filter.value_mismatch",
                f"the question names '{before} {' '.join(words)}' but the SQL keeps "
                f"{f.column or '?'} LIKE '{f.value}', which matches more: '{before}' is "
                f"nowhere in the SQL",
                "major",
            )]
    return []
