"""Projection: what the question asks to see.

"What are the email addresses of the customers in Lyon?" asks for email addresses; "List the
name, country and age of singers" for three items; "Indicate their full names" (a second
sentence) for names. Entity questions ("Which customer ...", "Who ...") and counts ("How many
...") ask for no attribute here: the entity's name or key, and a count, are checked elsewhere.

The SQL counterpart is the outer SELECT list: each asked item should match a projected
column (by identifier parts, plural, R_app synonym or an enrichment binding), an aggregate of
it, or the entity (table) listed.

>>> from stef_question.lexicon import lexicon
>>> from stef_question.text import tokenize
>>> def asked(q):
...     return read(tokenize(q), lexicon(), frozenset())
>>> asked("What are the email addresses of the customers in Lyon?")
('email addresses|e-mail|mail',)
>>> asked("Show name, country, age for all singers ordered by age.")
('name', 'country|nation', 'age')
>>> asked("Who is the earliest graduate? List the first name, middle name and last name.")
('first name', 'middle name', 'last name')
>>> asked("How many orders were placed?")
()
"""

from __future__ import annotations

from stef_question.lexicon import Lexicon
from stef_question.text import Text

#: Most items read from one question (an enumeration longer than this is unusual).
MAX_ITEMS = 8
_VERBS = frozenset({"list", "show", "give", "find", "display", "return", "provide", "name",
                    "identify", "state", "indicate", "mention", "tell", "report", "retrieve",
                    "get", "output", "print", "specify", "fetch"})
_WH_BE = frozenset({"is", "are", "was", "were", "'s"})
_SKIP = frozenset({"the", "all", "me", "us", "their", "his", "her", "its", "his/her", "each",
                   "every", "any", "both", "a", "an", "out", "down", "also", "only", "them",
                   "those", "these", "this", "that", "respective", "corresponding", "distinct",
                   "different", "unique", "full", "list", "of"})
_STOP = frozenset({"of", "for", "in", "from", "with", "who", "that", "which", "whose", "where",
                   "when", "by", "among", "on", "at", "whom", "to", "between", "if", "than",
                   "per", "under", "over", "within", "during", "after", "before", "since",
                   "having", "has", "have", "had", "is", "are", "was", "were", "do", "does",
                   "did", "sorted", "ordered", "ranked", "grouped", "along", "across", "into",
                   "whereas", "while", "according", "as", "based", "without", "except",
                   "belonging", "located", "associated", "related", "made", "written",
                   "sold", "living", "born", "played", "working", "using", "ordered",
                   "in", "not", "and/or"})
_SPLIT = frozenset({",", "and", "&", "or", "plus", "/"})
#: Items that say little without their owner ("the name of the school").
_OWNED = frozenset({"name", "names", "id", "ids", "title", "titles", "number", "numbers",
                    "code", "codes", "type", "types"})
_VAGUE = frozenset({"information", "info", "details", "detail", "data", "record", "records",
                    "result", "results", "everything", "all", "list", "ones", "one", "thing",
                    "things", "value", "values", "number", "numbers", "count", "total", "sum",
                    "average", "amount", "it", "them", "they", "those", "these", "what",
                    "which", "id's", "time", "times", "way", "kind", "type", "types"})


_PARTICIPLES = frozenset({"won", "made", "held", "sold", "paid", "given", "taken", "written",
                          "done", "seen", "shown", "run", "led", "built", "found", "known",
                          "bought", "kept", "taught", "spent", "born", "released"})


def _participle(word: str) -> bool:
    return word in _PARTICIPLES or (len(word) > 5 and word.endswith("ed")
                                    and word not in ("hundred", "need"))


def _items(text: Text, lex: Lexicon, start: int, claimed: frozenset[int],
           computed: frozenset[int]) -> list[str]:
    """The enumerated items from token ``start`` up to the first stop word; an item holding an
    aggregate word ("the average age") is a computed value, checked as an aggregate."""
    words = text.words
    items: list[list[str]] = [[]]
    dropped: set[int] = set()
    n = len(words)
    i = start
    while i < n:
        tok = text.tokens[i]
        w = words[i]
        if tok.kind == "punct" and w not in (",", "/", "&"):
            break
        if w in _STOP and not (w == "and" or w == "or"):
            if w == "of" and items[-1] and items[-1][-1] in _OWNED:
                # "the name of the Chinese restaurant": a name, but of which thing (the last
                # word of the noun phrase that follows)
                owner = None
                j = i + 1
                while j < n and j - i <= 5:
                    tok_j = text.tokens[j]
                    if tok_j.kind != "word" or words[j] in _STOP or _participle(words[j]) or (
                            len(words[j]) > 5 and words[j].endswith("ing")):
                        break
                    if j not in claimed and words[j] not in _SKIP:
                        owner = words[j]
                    j += 1
                if owner:
                    items[-1] = [*items[-1], "of", owner]
            break
        if _participle(w) and items[-1]:
            break  # "the medals won by ...", "the books written in ..."
        if w in _SPLIT or (w == "as" and words[i + 1 : i + 3] == ("well", "as")):
            if items[-1]:
                items.append([])
            i += 3 if w == "as" else 1
            continue
        if tok.kind in ("quoted", "number", "range"):
            break
        if i in computed:
            dropped.add(len(items) - 1)
        if i not in claimed and w not in _SKIP and tok.kind == "word":
            items[-1].append(w)
        i += 1
        if len(items) > MAX_ITEMS:
            break
    out: list[str] = []
    for k, words_ in enumerate(items):
        if k in dropped:
            continue
        phrase = " ".join(words_)
        if words_ and not all(w in _VAGUE for w in words_[:1]) and phrase not in out:
            out.append(phrase)
    return out


def read(text: Text, lex: Lexicon, claimed: frozenset[int],
         computed: frozenset[int] = frozenset()) -> tuple[str, ...]:
    """The items the question asks to see, in order. ``computed`` are the tokens of aggregate
    cues: an item holding one is left to the aggregate check."""
    words = text.words
    n = len(words)
    out: list[str] = []
    i = 0
    sentence_start = True
    while i < n:
        tok = text.tokens[i]
        if tok.kind == "punct":
            sentence_start = tok.low in (".", "?", "!", ";", ":")
            i += 1
            continue
        w = words[i]
        start = None
        if sentence_start or (i > 0 and words[i - 1] in (",", "and")):
            if w in ("what", "what's") and i + 1 < n:
                j = i + 1 if w == "what's" else i + 1
                if w == "what" and j < n and words[j] in _WH_BE:
                    j += 1
                elif w == "what":
                    j = -1  # "what X ..." asks for an entity
                if j > 0 and j < n and words[j] in ("the", "all", "their", "his", "her", "its"):
                    start = j
            elif w in _VERBS and not (w == "name" and i + 1 < n and words[i + 1] == "of"):
                start = i + 1
        sentence_start = False
        if start is not None:
            for item in _items(text, lex, start, claimed, computed):
                if item not in out:
                    out.append(item)
            if len(out) >= MAX_ITEMS:
                break
        i += 1
    return tuple(_with_alternatives(item, lex) for item in out[:MAX_ITEMS])


def _with_alternatives(item: str, lex: Lexicon) -> str:
    """``"webpages"`` -> ``"webpages|website|url ..."``: other words for the same attribute
    (lexicon ``same_attribute``), after ``|``, so the SQL may show any of them."""
    head = item.partition(" of ")[0]
    for word in head.split():
        group = lex.get("same_attribute", word)
        if group:
            others = [w for w in lex.phrases("same_attribute", group) if w != word]
            return "|".join([item, *others])
    return item
