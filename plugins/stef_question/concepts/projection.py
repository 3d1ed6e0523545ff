"""Projection: what the question asks to see.

Three kinds of ask (:class:`stef_core.spec.Ask`):

* attributes: "What are the email addresses of the customers in Lyon?" asks for email
  addresses; "List the name, country and age of singers" for three items; "Indicate their
  full names" (a second sentence) for names; "the name of the school" is a name *of* a school;
* entities: "Which city ...", "In which country ...", "What languages are spoken ..." ask for
  the thing itself;
* persons: "Who manages the Berlin warehouse?" asks for a person (a name, or the manager).

Counts ("How many ...") ask for no item here (a count is checked as an aggregate), and an
item holding an aggregate word ("the average age") is left to the aggregate check.

The SQL counterpart is the outer SELECT list: each ask should match a projected column (by
its head word and identifier parts, plural, R_app synonym or an enrichment binding), the
entity's name or key, or the whole entity (``SELECT *``).

>>> from stef_question.lexicon import lexicon
>>> from stef_question.text import tokenize
>>> def asked(q):
...     return [(a.kind, a.words, a.owner) for a in read(tokenize(q), lexicon(), frozenset())]
>>> asked("What are the email addresses of the customers in Lyon?")
[('attribute', 'email addresses', None)]
>>> asked("Show name, country, age for all singers ordered by age.")
[('attribute', 'name', None), ('attribute', 'country', None), ('attribute', 'age', None)]
>>> asked("Who is the earliest graduate? List the first name, middle name and last name.")
... # doctest: +NORMALIZE_WHITESPACE
[('person', 'who', None), ('attribute', 'first name', None),
 ('attribute', 'middle name', None), ('attribute', 'last name', None)]
>>> asked("List the names of the five largest customers by revenue.")
[('attribute', 'names', 'customers')]
>>> asked("In which city is Initech headquartered?")
[('entity', 'city', None)]
>>> asked("How many orders were placed?")
[]
"""

from __future__ import annotations

from stef_core.spec import Ask
from stef_question.lexicon import Lexicon
from stef_question.text import Text

#: Most items read from one question (an enumeration longer than this is unusual).
MAX_ITEMS = 8
_VERBS = frozenset({"list", "show", "give", "find", "display", "return", "provide", "name",
                    "identify", "state", "indicate", "mention", "tell", "report", "retrieve",
                    "get", "output", "print", "specify", "fetch", "include"})
_WH_BE = frozenset({"is", "are", "was", "were", "'s"})
_SKIP = frozenset({"the", "all", "me", "us", "their", "his", "her", "its", "his/her", "each",
                   "every", "any", "both", "a", "an", "out", "down", "also", "only", "them",
                   "those", "these", "this", "that", "respective", "corresponding", "distinct",
                   "different", "unique", "full", "list", "of", "together"})
_STOP = frozenset({"of", "for", "in", "from", "with", "who", "that", "which", "whose", "where",
                   "when", "by", "among", "on", "at", "whom", "to", "between", "if", "than",
                   "per", "under", "over", "within", "during", "after", "before", "since",
                   "having", "has", "have", "had", "is", "are", "was", "were", "do", "does",
                   "did", "sorted", "ordered", "ranked", "grouped", "along", "across", "into",
                   "whereas", "while", "according", "as", "based", "without", "except",
                   "belonging", "located", "associated", "related", "made", "written",
                   "sold", "living", "born", "played", "working", "using", "not", "and/or",
                   "alongside", "can", "could", "will", "would", "should", "excluding",
                   "outside", "besides", "apart", "including", "but"})
_SPLIT = frozenset({",", "and", "&", "or", "plus", "/"})
#: Items that say little without their owner ("the name of the school").
_OWNED = frozenset({"name", "names", "id", "ids", "title", "titles", "number", "numbers",
                    "code", "codes", "type", "types"})
_VAGUE = frozenset({"information", "info", "details", "detail", "data", "record", "records",
                    "result", "results", "everything", "all", "list", "ones", "one", "thing",
                    "things", "value", "values", "number", "numbers", "count", "total", "sum",
                    "average", "amount", "it", "them", "they", "those", "these", "what",
                    "which", "id's", "time", "times", "way", "kind", "type", "types", "pairs",
                    "pair", "combinations", "combination", "there",
                    # "show zeros": the groups with nothing, shown at 0, not a column
                    "zero", "zeros", "zeroes"})
_PARTICIPLES = frozenset({"won", "made", "held", "sold", "paid", "given", "taken", "written",
                          "done", "seen", "shown", "run", "led", "built", "found", "known",
                          "bought", "kept", "taught", "spent", "born", "released", "spoken",
                          "used", "chosen", "driven", "eaten", "broken", "told", "sung", "grown",
                          "drawn", "thrown", "worn", "owned", "put", "set"})
_PRONOUNS = frozenset({"there", "they", "it", "he", "she", "we", "you", "this", "that", "these",
                       "those", "them", "its", "their", "one", "ones"})
#: "Who wrote ...": the person a verb names.
_AGENTS = {"wrote": "author", "written": "author", "writes": "author", "directed": "director",
           "directs": "director", "manages": "manager", "managed": "manager",
           "owns": "owner", "owned": "owner", "teaches": "teacher", "taught": "teacher",
           "sang": "singer", "sings": "singer", "leads": "leader", "led": "leader",
           "founded": "founder", "created": "creator", "designed": "designer",
           "painted": "painter", "won": "winner", "coaches": "coach", "coached": "coach",
           "hosts": "host", "hosted": "host", "plays": "player", "played": "player"}


#: Contact details a question may open with, asking to see them with no verb ("emails of
#: clients with an inspection last month", "phone numbers for members who lapsed").
_CONTACT_HEADS = frozenset({"emails", "email", "email addresses", "phone numbers", "phones",
                            "names and emails", "names", "addresses", "mailing addresses"})


def _contact_opens(words: tuple[str, ...] | list[str]) -> bool:
    """Does the text open with contact details of something ("emails of ...", "phone numbers
    for ...")?

    >>> _contact_opens(["emails", "of", "clients"]), _contact_opens(["number", "of", "orders"])
    (True, False)
    """
    for k in (1, 2, 3):
        if k < len(words) and words[k] in ("of", "for") and (
                " ".join(words[:k]) in _CONTACT_HEADS
                # "agent emails for comedians ...", "billing addresses of ...": whose
                # contact, said before it
                or (k == 2 and words[1] in _CONTACT_LAST and words[0].isalpha()
                    and words[0] not in _STOP and words[0] not in _VAGUE)):
            return True
    return False


#: The last word of a contact detail a noun before it qualifies ("agent emails").
_CONTACT_LAST = frozenset({"emails", "email", "phones", "addresses"})


def _participle(word: str) -> bool:
    """A verb form that ends a noun phrase: "the medals won", "employees earning", "movies
    rated"."""
    return word in _PARTICIPLES or (len(word) >= 5 and word.endswith("ed")
                                    and word not in ("hundred", "need", "speed", "breed")) or (
        len(word) > 5 and word.endswith("ing") and word not in ("building", "housing", "listing",
                                                               "rating", "ranking", "setting",
                                                               "booking", "heading", "string"))


def _alternatives(words: list[str], lex: Lexicon) -> tuple[str, ...]:
    """Other words for the same attribute (lexicon ``same_attribute``)."""
    for word in words:
        group = lex.get("same_attribute", word)
        if group:
            return tuple(w for w in lex.phrases("same_attribute", group) if w != word)
    return ()


def _items(text: Text, lex: Lexicon, start: int, claimed: frozenset[int],
           computed: frozenset[int]) -> list[Ask]:
    """The enumerated items from token ``start`` up to the first stop word; an item holding an
    aggregate word ("the average age") is a computed value, checked as an aggregate."""
    words = text.words
    items: list[list[str]] = [[]]
    owners: dict[int, str] = {}
    dropped: set[int] = set()
    n = len(words)
    i = start
    while i < n:
        tok = text.tokens[i]
        w = words[i]
        if tok.kind == "punct" and w not in (",", "/", "&"):
            break
        if items[-1] and (lex.at("negation", words, i) is not None
                          or lex.at("comparative", words, i) is not None):
            break  # "the customers other than gold members", "orders more than ..."
        if w in _STOP and not (w == "and" or w == "or"):
            if w == "of" and items[-1] and all(x in _OWNED for x in items[-1]):
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
                    owners[len(items) - 1] = owner.removesuffix("'s").removesuffix("’s")
            break
        if _participle(w) and items[-1] and (
                not w.endswith("ing") or i + 1 >= n or words[i + 1] in _STOP
                or text.tokens[i + 1].kind != "word"):
            break  # "the medals won by ...", "employees earning over ..." (not "mailing address")
        if w in _SPLIT or (w == "as" and words[i + 1 : i + 3] == ("well", "as")):
            if items[-1]:
                items.append([])
            i += 3 if w == "as" else 1
            continue
        if tok.kind in ("quoted", "number", "range"):
            break
        rank = lex.at("direction", words, i)
        if rank is not None and rank.meaning != "none":
            i = rank.end  # "his first amount", "the highest score": the ranking is not shown
            continue
        if i in computed:
            dropped.add(len(items) - 1)
        if (not items[-1] and len(w) > 4 and w.endswith("ly") and i + 1 < n
                and text.tokens[i + 1].kind == "word" and _participle(words[i + 1])):
            i += 1  # "an alphabetically ordered list", "the newly hired staff": how, not what
            continue
        if i not in claimed and w not in _SKIP and tok.kind == "word":
            items[-1].append(w.removesuffix("'s").removesuffix("’s"))
        i += 1
        if len(items) > MAX_ITEMS:
            break
    out: list[Ask] = []
    for k, words_ in enumerate(items):
        if k in dropped or not words_ or words_[0] in _VAGUE:
            continue
        phrase = " ".join(words_)
        if any(a.words == phrase for a in out):
            continue
        out.append(Ask(phrase, "attribute", words_[-1], owners.get(k),
                       _alternatives(words_, lex)))
    return out


def _entity(text: Text, lex: Lexicon, i: int, claimed: frozenset[int]) -> Ask | None:
    """"which city is ...", "what languages are spoken ...": the noun after which/what."""
    words = text.words
    j = i + 1
    noun: list[str] = []
    while j < len(words) and len(noun) < 2:
        tok = text.tokens[j]
        if tok.kind != "word" or words[j] in _STOP or j in claimed or tok.cap or (
                words[j] in _PRONOUNS):
            break
        if lex.at("direction", words, j) is not None or lex.at("aggregate", words, j):
            return None
        noun.append(words[j])
        j += 1
    if not noun or j >= len(words) or words[j] not in (
            "is", "are", "was", "were", "has", "have", "had", "does", "do", "did", "can",
            "will", "would", "should"):
        if not (noun and j < len(words) and len(noun) == 1):
            return None
        nxt = words[j]
        # "Which airline operates flight LH400?": a verb follows the noun
        if not (nxt.endswith("s") or nxt.endswith("ed")) or nxt in _STOP:
            return None
    return Ask(" ".join(noun), "entity", noun[-1], None, _alternatives(noun, lex))


#: Heads of "<X> of <rows>" that are no column the rows hold: a summary or a computed value.
_NOT_ATTRIBUTES = frozenset({"breakdown", "summary", "overview", "split", "mix", "trend",
                             "trends", "history", "distribution", "share", "percentage",
                             "percent", "proportion", "ratio", "rate", "rates", "top",
                             "bottom", "most", "half", "part", "rest", "remainder", "none",
                             "some", "many", "few", "each", "one", "ones", "revenue", "sales",
                             "volume", "cost", "costs", "value", "spend", "growth", "change",
                             "size", "length", "median", "mean", "max", "min", "majority"})


#: Nouns a "number" after them is a column of ("phone numbers", "policy numbers"), not a
#: count.
_NUMBERED = frozenset({"phone", "contact", "mobile", "cell", "account", "policy", "license",
                       "licence", "member", "membership", "tracking", "serial", "tax",
                       "registration", "order", "invoice", "case", "ticket", "plate"})


def _attributes_of(text: Text, claimed: frozenset[int], computed: frozenset[int]) -> bool:
    """Does the question open with plain nouns and then "of" ("emails of clients who ...",
    "names and phone numbers of members ...")? Those nouns are what it asks to see."""
    words = text.words
    j = 0
    nouns = 0
    while j < len(words) and j < 6:
        tok = text.tokens[j]
        w = words[j]
        if w == "of":
            return nouns > 0
        if w in ("and", ","):
            j += 1
            continue
        if w in ("number", "numbers") and nouns and words[j - 1] in _NUMBERED:
            j += 1  # "names and phone numbers of ...": the number the noun before names
            continue
        if (tok.kind != "word" or tok.cap or j in claimed or j in computed or w in _STOP
                or w in _VAGUE or w in _SKIP or w in _NOT_ATTRIBUTES or w in _VERBS
                or w in ("what", "which", "who", "how", "when", "where", "why")
                or _participle(w)):
            return False
        nouns += 1
        j += 1
    return False


#: Details a "with" adds to the rows asked ("top 10 customers by hours, with name and
#: phone"): what the rows are shown with, never a thing they must have by these words alone.
_DETAIL_HEADS = frozenset({"name", "names", "phone", "phones", "email", "emails", "address",
                           "addresses"})
_OWNERS = frozenset({"their", "its", "his", "her", "the"})


def _details_with(text: Text, lex: Lexicon, i: int, claimed: frozenset[int],
                  computed: frozenset[int]) -> list[Ask]:
    """The details a "with" at token ``i`` asks to see beside the rows ("customers by room
    hours, with name and phone", "members who lapsed with their email"): names and contact
    details only, said after a comma, with an owner's word ("their") or two or more of them;
    a bare "with email" may restrict the rows to those that have one, and "with a phone" /
    "with no email" does."""
    words = text.words
    if i + 1 >= len(words) or words[i + 1] in ("a", "an", "no", "any", "some", "only"):
        return []
    items = _items(text, lex, i + 1, claimed, computed)
    if not items or any(not _DETAIL_HEADS & set(a.words.split())
                        or a.head not in (_DETAIL_HEADS | {"number", "numbers"})
                        for a in items):
        return []
    said = (i > 0 and words[i - 1] == ",") or words[i + 1] in _OWNERS
    return items if said or len(items) > 1 else []


#: Words around a follow-up's details that say nothing of them ("names pls", "just their
#: emails", "and the phone numbers too?").
_FILLERS = frozenset({"pls", "plz", "please", "thx", "thanks", "too", "also", "just", "only",
                      "the", "their", "and", "with", "now", "ok", "then", "as", "well"})


def _terse_details(text: Text) -> list[Ask]:
    """The details a follow-up made of nothing else asks to see ("names pls", "just their
    emails", "phone numbers too"): the rows are the earlier turn's, these are what to show.

    >>> from stef_question.text import tokenize
    >>> [a.words for a in _terse_details(tokenize("names pls"))]
    ['names']
    >>> _terse_details(tokenize("names of the top clients"))
    []
    """
    words = [t.low for t in text.tokens if t.kind != "punct" and t.low not in _FILLERS]
    if not words or len(words) > 4:
        return []
    out: list[Ask] = []
    for i, w in enumerate(words):
        if w in ("number", "numbers") and i > 0 and words[i - 1] in ("phone", "phones"):
            continue
        if w not in _DETAIL_HEADS:
            return []
        phrase = f"{w} numbers" if w in ("phone", "phones") and i + 1 < len(words) and (
            words[i + 1] in ("number", "numbers")) else w
        out.append(Ask(phrase, "attribute", phrase.split()[-1], None, ()))
    return out


def read(text: Text, lex: Lexicon, claimed: frozenset[int],
         computed: frozenset[int] = frozenset()) -> tuple[Ask, ...]:
    """What the question asks to see, in order. ``computed`` are the tokens of aggregate
    cues: an item holding one is left to the aggregate check."""
    terse = _terse_details(text)
    if terse:
        return tuple(terse[:MAX_ITEMS])
    words = text.words
    n = len(words)
    out: list[Ask] = []
    i = 0
    sentence_start = True
    while i < n and len(out) < MAX_ITEMS:
        tok = text.tokens[i]
        if tok.kind == "punct":
            sentence_start = tok.low in (".", "?", "!", ";", ":")
            i += 1
            continue
        w = words[i]
        found: list[Ask] = []
        opens = sentence_start or (i > 0 and words[i - 1] in (",", "and"))
        if opens or (w in ("which", "what") and i > 0 and words[i - 1] in ("in", "on", "at",
                                                                            "from", "for")):
            if w in ("what", "what's") and i + 1 < n:
                j = i + 1
                if w == "what" and words[j] in _WH_BE:
                    j += 1
                    if j < n and words[j] in ("the", "all", "their", "his", "her", "its"):
                        found = _items(text, lex, j, claimed, computed)
                elif w == "what's" and words[j] in ("the", "all", "their", "his", "her", "its"):
                    found = _items(text, lex, j, claimed, computed)
                else:
                    entity = _entity(text, lex, i, claimed)
                    found = [entity] if entity else []
            elif w == "which":
                entity = _entity(text, lex, i, claimed)
                found = [entity] if entity else []
            elif w == "who" and i + 1 < n and (words[i + 1] in _AGENTS or words[i + 1] in (
                    "is", "was", "are", "were", "has", "had")):
                agent = _AGENTS.get(words[i + 1])
                found = [Ask("who", "person", "who", None,
                             ((agent,) if agent else ()) + ("name",))]
            elif w in _VERBS and not (w == "name" and i + 1 < n and words[i + 1] == "of"):
                found = _items(text, lex, i + 1, claimed, computed)
            elif i == 0 and (_contact_opens(words)
                             or _attributes_of(text, claimed, computed)):
                # "emails of agent-referred clients ...", "phone numbers of ...": the question
                # is the list it asks
                found = _items(text, lex, i, claimed, computed)
        if w == "with" and not found:
            found = _details_with(text, lex, i, claimed, computed)
        sentence_start = False
        for item in found:
            if all(a.words != item.words for a in out):
                out.append(item)
        i += 1
    return tuple(out[:MAX_ITEMS])


def plain(asks: tuple[Ask, ...]) -> tuple[str, ...]:
    """The asks as plain words (``QuestionSpec.projections``)."""
    return tuple(a.words if a.owner is None else f"{a.words} of {a.owner}" for a in asks)
