"""Matching the question's words with the SQL's identifiers, without a schema.

An identifier is split into its parts (``customerEmail``, ``customer_email``, ``NumGE1500``);
a word matches a part by stem (:func:`stef_core.words.stem`: "cities" ~ ``city``, "emails" ~
``email``), and R_app synonyms and enrichment bindings map words to columns.

>>> parts("LifeExpectancy"), parts("free_meal_count (k-12)")
(('lifeexpectancy',), ('free', 'meal', 'count', 'k', '12'))
>>> word_matches("expectancies", "LifeExpectancy"), word_matches("email", "phone")
(True, False)
>>> word_matches("extension", "Ext"), word_matches("average", "AvgScrRead")
(True, False)
"""

from __future__ import annotations

import re
from functools import lru_cache

from stef_core.spec import SqlSpec
from stef_core.values import abbreviates, value_key
from stef_core.words import CODE_PARTS, FLAG_PARTS, KEY_PARTS, NAME_PARTS, norm, stem

_SPLIT = re.compile(r"[^a-z0-9]+")
_DIGITS = re.compile(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])")


@lru_cache(maxsize=16384)
def parts(identifier: str) -> tuple[str, ...]:
    """The words of an identifier, split at separators and digits. Case is ignored on
    purpose: ``AvgScrRead`` and ``avgscrread`` are one identifier, so a glued name is matched
    by prefix and suffix (see :func:`word_matches`), never by its capitals."""
    out: list[str] = []
    for p in _SPLIT.split(identifier.lower()):
        if p.isalpha() or p.isdigit():  # no letter beside a digit (most names): one word
            out.append(p)
        elif p:
            out.extend(x for x in _DIGITS.split(p) if x)
    return tuple(out)



def bare(column: str) -> str:
    """A column without its table and quotes: ``t."customer_id"`` -> ``customer_id``."""
    return column.rsplit(".", 1)[-1].strip('"`[] ')


@lru_cache(maxsize=16384)
def part_stems(identifier: str) -> frozenset[str]:
    ps = parts(identifier)
    stems = {stem(p) for p in ps}
    stems.add(stem(norm(identifier)))
    return frozenset(stems)


def head_stem(table: str) -> str:
    """The stem of a table's last word, the thing its rows are (``crm.job_parts`` -> ``part``),
    or ``""``."""
    words = parts(table.split(".")[-1])
    return stem(words[-1]) if words else ""


@lru_cache(maxsize=65536)
def word_matches(word: str, identifier: str) -> bool:
    """Does ``word`` name ``identifier`` or one of its parts? By stem ("cities" ~ ``city``);
    a word that opens or closes a glued part (``avg`` ~ ``avgscrread``, "email" ~
    ``admemail1``, "expectancy" ~ ``lifeexpectancy``); a part that abbreviates the word
    ("extension" ~ ``ext``, "description" ~ ``desc``).

    >>> word_matches("state", "home_state"), word_matches("state", "status_cd")
    (True, False)
    """
    w = stem(word)
    if len(w) < 2:
        return False
    stems = part_stems(identifier)
    if w in stems:
        return True
    for p in parts(identifier):
        if p.startswith(_NOT_STATES) and word.lower().startswith("state"):
            continue  # "home state" is no ``status`` (nor a station): "stat" starts them all
        if len(w) >= 3 and len(p) > len(w) and (p.startswith(w) or
                                                (len(w) >= 4 and p.endswith(w))):
            return True
        if len(p) >= 3 and len(w) > len(p) and w.startswith(p):
            return True
        if len(w) >= 7 and len(p) >= 7 and abs(len(w) - len(p)) <= 3 and w[:5] == p[:5]:
            return True  # a misspelling ("descripition" ~ ``description``)
    return False


#: Name parts that start as "state" is stemmed ("stat") but name other things.
_NOT_STATES = ("statu", "stati", "statem")


def initials(identifier: str) -> str:
    """The first letters of an identifier's words, the way a table is abbreviated in speech
    (``purchase_orders`` is a PO, ``sales_orders`` an SO).

    >>> initials("purchase_orders"), initials("erp.SalesOrders")
    ('po', 'so')
    """
    return "".join(p[0] for p in parts(_camel(identifier.split(".")[-1])))


def _camel(name: str) -> str:
    """``SalesOrders`` as ``Sales_Orders``: :func:`parts` ignores case on purpose."""
    return _CAMEL.sub("_", name)


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


_MAX_NAMES = 256  # identifiers looked through per value: bounded work per record


def in_identifiers(value: object, sql: SqlSpec, skip: frozenset[str] = frozenset()) -> bool:
    """The value names a column or table the SQL reads: ``NumGE1500`` for "at least 1500",
    ``AvgScrRead`` for "the score in Reading", ``satscores`` for "SAT", ``(Ages 5-17)`` for
    "aged 5 to 17": the SQL answers it through what it reads, not with a filter. Names in
    ``skip`` (lower case) are not looked at."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return False
    names = [c for c in list(sql.columns)[:_MAX_NAMES] if c.lower() not in skip]
    names += sql.tables[:64]
    token = norm(str(value))
    if isinstance(value, (int, float)):
        text = value_key(value)
        return any(text in parts(c) or (len(token) >= 3 and token in norm(c)) for c in names)
    if len(token) < 3:
        return False
    if any(token in norm(c) for c in names):
        return True
    words = [w for w in value.split() if len(w) >= 3]
    return bool(words) and len(words) <= 3 and all(
        any(word_matches(w, c) for c in names) for w in words
    )


#: Things deployments name in their keys by another word than the question's, each as (the
#: question's words, the name parts of a key that holds one). The party a business serves or
#: bills ("by customer", "per client", "each account": a B2B customer is an ``account_id``, an
#: ``org_id``, a ``client_nm``); the job contractors and trades work ("per job": their
#: warehouses key it as the project, ``proj_no``, ``project_id``).
_PARTY_WORDS = frozenset({"customer", "client", "account", "org", "organization",
                          "organisation", "company", "buyer"})
_PLACE_WORDS = frozenset({"site", "location", "branch", "venue", "facility", "premises",
                          "outlet", "office"})
#: The party a business serves under the names its trade gives it: a self-storage customer is
#: a renter, a daycare's a household (``hh_id``) or a family, a club's a member, a landlord's
#: a tenant keyed as an account.
_SERVED_WORDS = frozenset({"customer", "client", "account", "tenant", "renter", "lessee",
                           "member", "guest", "patron", "subscriber", "household", "family",
                           "payer"})
_OTHER_NAMES: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    # (a bank keys its customer by the customer information file's number, ``cif_no``, or as
    # a party)
    (_PARTY_WORDS, _PARTY_WORDS | {"cust", "acct", "clnt", "cif", "party"}),
    (_SERVED_WORDS, _SERVED_WORDS | _PARTY_WORDS | {"cust", "acct", "clnt", "mbr", "hh",
                                                    "fam"}),
    # a job is a project, or a work order in field service ("per job" / wo_id)
    (frozenset({"job"}), frozenset({"project", "proj", "prj", "wo", "workorder", "work",
                                    "order"})),
    # a place the business works from: "per site" / location_id, "by venue" / facility_cd;
    # a site is the business's own kind of place too (a grain elevator, a store, a plant)
    (_PLACE_WORDS, _PLACE_WORDS | {"loc", "fac", "br", "elev", "elevator", "store", "plant",
                                   "depot", "yard", "warehouse", "wh", "terminal", "station",
                                   "home", "center", "centre", "office", "clinic", "shop",
                                   "hall", "club", "campus", "building", "bldg"}),
)
#: Things trades key by their own codes or words, not by the word a question uses (session 27,
#: issue 20: "per patient" / ``mrn``, "per vehicle" / ``vin``, "per item" / ``sku``, "per
#: doctor" / ``attending_md_id``, "per game" / ``title_cd``): the question's words, then the
#: name parts of a key that holds one. Each is a guess only the schema settles, so a grouping
#: on such a key stays a finding, as minor; a key in plain words for another thing (a ward, a
#: drug class, a platform) is no such name. An entry may add a third set, its qualifiers: parts
#: that say which one ("first" in first_touch_channel, "job" in job_lvl) and name the thing only
#: beside one of its own parts (session 29: first_name is no channel, job_id no level).
_TRADE_NAMES: tuple[tuple[frozenset[str], ...], ...] = (
    (frozenset({"doctor", "physician", "provider", "clinician", "prescriber", "dentist",
                "surgeon"}),
     frozenset({"md", "dr", "doc", "physician", "provider", "prov", "npi", "attending",
                "rendering", "clinician", "prescriber", "prescribing", "dds", "surgeon"})),
    (frozenset({"patient"}), frozenset({"mrn", "pt", "pat", "patient"})),
    (frozenset({"pharmacist"}), frozenset({"rph", "pharmacist", "verifying", "pharm"})),
    (frozenset({"item", "product", "article"}),
     frozenset({"sku", "upc", "ean", "gtin", "item", "product", "prod", "article",
                "material", "matl"})),
    (frozenset({"vehicle", "car", "truck", "van", "bus"}),
     frozenset({"vin", "unit", "tail", "plate", "vehicle", "veh", "truck", "car", "bus",
                "van", "fleet"})),
    (frozenset({"investor", "lp"}),
     frozenset({"lp", "investor", "holder", "shareholder", "partner"})),
    (frozenset({"carrier"}), frozenset({"scac", "carrier"})),
    (frozenset({"market", "metro"}), frozenset({"dma", "metro", "msa", "cbsa", "market",
                                                "mkt"})),
    # a game, a show or a film is a title of the catalogue
    (frozenset({"game", "show", "movie", "film", "series", "programme", "program"}),
     frozenset({"title", "content", "series", "show", "game", "movie", "film", "program",
                "programme"})),
    # a loyalty member is keyed by the card or the programme's number
    (frozenset({"member", "cardholder", "shopper"}),
     frozenset({"loyalty", "card", "cardholder", "member", "mbr"})),
    (frozenset({"instructor", "coach", "trainer", "teacher", "tutor"}),
     frozenset({"instructor", "coach", "trainer", "teacher", "tutor", "faculty"})),
    (frozenset({"attorney", "lawyer"}), frozenset({"timekeeper", "tk", "attorney", "lawyer"})),
    # a trial's subject or participant, keyed by the study's subject number (CDISC ``usubjid``)
    (frozenset({"subject", "participant"}),
     frozenset({"usubjid", "subjid", "subject", "participant", "ptid", "patient"})),
    # a publisher's inventory: an app bundle, a site, a domain
    (frozenset({"publisher"}), frozenset({"publisher", "pub", "app", "bundle", "domain",
                                          "site", "inventory"})),
    # a product's user as its analytics tool counts one: a distinct or anonymous id
    (frozenset({"user", "visitor"}), frozenset({"distinct", "anonymous", "anon", "visitor",
                                                "cookie", "user", "uid"})),
    # a ride-hailing or delivery driver is the platform's partner
    (frozenset({"driver", "courier"}), frozenset({"driver", "partner", "courier", "dasher",
                                                  "chauffeur"})),
    # a brewery's, winery's or distillery's product is a brand (a label, a recipe)
    (frozenset({"beer", "wine", "spirit", "cider"}),
     frozenset({"brand", "beer", "wine", "spirit", "cider", "recipe", "label", "sku"})),
    # a coworking space is a desk, a room, an office
    (frozenset({"space", "workspace"}), frozenset({"desk", "room", "office", "space", "seat",
                                                   "pod", "suite", "workspace"})),
    # (session 28, issue 20) where a customer or a lead came from: its channel, its source,
    # its medium, as a marketing tool records it (``utm_source``, ``first_touch_channel``)
    # (session 29: which touch, which tool are qualifiers: first_name and ref_no are no channel)
    (frozenset({"channel", "source", "medium"}),
     frozenset({"channel", "chnl", "chan", "source", "src", "medium", "referrer"}),
     frozenset({"utm", "touch", "ref", "acquisition", "acq", "first", "last"})),
    # a rung of a ladder: a level, a grade, a band, a tier (``grade``, ``job_lvl``; a job or a
    # pay alone is no rung: job_id)
    (frozenset({"level", "grade", "band", "tier"}),
     frozenset({"level", "lvl", "grade", "grd", "band", "tier"}),
     frozenset({"job", "pay", "salary"})),
    # a giver of a charity: a constituent, a supporter, a donor (``constituent_id``)
    (frozenset({"donor", "giver", "supporter"}),
     frozenset({"donor", "constituent", "cons", "supporter", "giver", "contact"})),
    # a seller on a marketplace or a delivery app is its merchant (``merchant_id`` for "per
    # restaurant", "per store", "per seller")
    (frozenset({"restaurant", "seller", "merchant", "vendor", "shop"}),
     frozenset({"merchant", "mrch", "mcht", "seller", "vendor", "restaurant", "rest",
                "store", "shop", "partner"})),
    (frozenset({"vendor", "supplier"}),
     frozenset({"vendor", "vend", "vnd", "supplier", "supp", "sup"})),
    # a department is an organisational unit, a division
    (frozenset({"department", "dept", "division"}),
     frozenset({"department", "dept", "dpt", "org", "unit", "orgunit", "division", "div"})),
    # a traveller or a passenger is a pax to an airline or an agency
    (frozenset({"traveler", "traveller", "passenger"}),
     frozenset({"pax", "passenger", "traveler", "traveller", "guest", "psgr"})),
    # things on a network: a gateway (``gw_eui``), a sensor read as its probe or device
    (frozenset({"gateway"}), frozenset({"gw", "gateway", "gtw", "eui"})),
    (frozenset({"sensor", "probe", "meter"}),
     frozenset({"sensor", "probe", "device", "dev", "eui", "serial", "meter"})),
    # (session 37) what a subscriber buys: a plan is a package, a tier, a product
    (frozenset({"plan"}), frozenset({"plan", "pkg", "package", "tier", "product", "offer"})),
    # a vertical is an industry, a sector (coded as NAICS or SIC)
    (frozenset({"vertical", "industry", "sector"}),
     frozenset({"vertical", "industry", "ind", "sector", "naics", "sic"})),
    # an airline is a carrier to the industry's data (``carrier_cd``, IATA codes)
    (frozenset({"airline"}), frozenset({"airline", "carrier", "iata", "icao"})),
    # a ship is a vessel (IMO, MMSI numbers)
    (frozenset({"ship", "boat", "vessel"}),
     frozenset({"ship", "boat", "vessel", "vsl", "imo", "mmsi"})),
    # an insurance broker or agent is a producer
    (frozenset({"broker", "agency", "producer"}),
     frozenset({"broker", "agency", "agent", "agt", "producer", "prod"})),
    # a claim's adjuster is its handler, its examiner
    (frozenset({"adjuster", "adjustor", "examiner", "handler"}),
     frozenset({"adjuster", "adjustor", "adj", "examiner", "handler"})),
)
#: The same for a thing the question names in two words ("per product line", "by policy
#: type", "per line of business").
_TRADE_PHRASES: tuple[tuple[frozenset[str], ...], ...] = (
    (frozenset({"product line", "product family", "product group", "product category"}),
     frozenset({"category", "cat", "family", "fam", "line", "class", "grp", "group"})),
    (frozenset({"policy type", "line of business", "business line", "coverage type"}),
     frozenset({"lob", "line", "coverage", "cov", "product", "prod"})),
    # (session 28, issue 20) a company of a group as its books key it (``company_code``)
    (frozenset({"legal entity", "business entity", "reporting entity"}),
     frozenset({"entity", "company", "co", "le", "subsidiary", "sub", "bukrs"})),
    # how a payment was made, as the till records it (``tender_type``)
    (frozenset({"payment method", "payment type", "payment channel", "tender"}),
     frozenset({"tender", "payment", "pay", "pmt", "method", "type", "instrument"})),
    # an ad group is what Meta calls an ad set (ad_set_id; an ad alone is another thing: ad_id)
    (frozenset({"ad group", "ad set", "adgroup", "adset"}),
     frozenset({"adset", "adgroup", "set", "group"}), frozenset({"ad"})),
)
#: The name parts that only say a column is a key.
_KEY_PARTS = KEY_PARTS | CODE_PARTS | NAME_PARTS


#: Two-letter parts that are a schema's own words (date, timestamp, year ...), never the
#: abbreviation of a thing asked about.
_SCHEMA_PAIRS = frozenset({"dt", "ts", "tm", "yr", "mo", "wk", "hr", "dy", "pk", "fk", "sk",
                           "nb", "qt", "mm", "dd", "yy", "hh", "ss"})


def abbreviated(word: str, key: str) -> bool:
    """Does a short part of ``key`` abbreviate ``word`` ("department" ~ ``dept_nm``,
    "manager" ~ ``mgr_id``)? Same first two letters, or consonants only (a vowel-less
    abbreviation): "cat" is not "contract". Two consonants name a thing only as a key's own
    name ("warehouse" ~ ``wh_cd``, "branch" ~ ``br_id``), never a date part (``hire_dt``).

    >>> abbreviated("department", "dept_nm"), abbreviated("warehouse", "wh_cd")
    (True, True)
    >>> abbreviated("department", "hire_dt"), abbreviated("contract", "cat_id")
    (False, False)
    """
    w = word.lower()
    if len(w) < 5:
        return False
    ps = parts(key.split(".")[-1])
    for i, p in enumerate(ps):
        if 2 < len(p) <= 4 and abbreviates(p, w) and (
                p[:2] == w[:2] or not set(p) & set("aeiou")):
            return True
        if (len(p) == 2 and len(w) >= 6 and p not in _SCHEMA_PAIRS and p not in _KEY_PARTS
                and not set(p) & set("aeiouy") and abbreviates(p, w) and len(ps) > 1
                and all(x in _KEY_PARTS for j, x in enumerate(ps) if j != i)):
            return True  # wh_cd, br_id: the key of the thing, its name cut to two letters
    return False


def another_name(group: str, key: str) -> bool:
    """Is ``key`` the thing ``group`` asks about under another of its names ("by customer" /
    ``org_id``, "per client" / ``account_id``, "per job" / ``proj_no``)? Whether the two are
    one in this business is inference (a bank's customer holds several accounts): a grouping
    finding stays, as minor.

    >>> another_name("customer", "org_id"), another_name("customer", "account_manager_id")
    (True, False)
    >>> another_name("job", "p.proj_no"), another_name("job", "cost_cd")
    (True, False)
    >>> another_name("install job", "w.wo_id"), another_name("site", "elev_nm")
    (True, True)

    A trade's own code for the thing (:data:`_TRADE_NAMES`), not another thing's word:

    >>> another_name("patient", "mrn"), another_name("product line", "category_cd")
    (True, True)
    >>> another_name("doctor", "ward_cd"), another_name("product", "supplier_id")
    (False, False)

    A business's own word for an attribute or a party (session 28): a channel as its source,
    a level as a grade, a restaurant as a merchant, a legal entity as a company code:

    >>> another_name("channel", "utm_source"), another_name("level", "grade")
    (True, True)
    >>> another_name("restaurant", "merchant_id"), another_name("legal entity", "company_code")
    (True, True)
    >>> another_name("channel", "country_cd"), another_name("restaurant", "courier_id")
    (False, False)

    A qualifier says which one, never the thing alone (session 29): a first touch's channel is a
    channel, a first name is not; a job's level is a level, a job is not:

    >>> another_name("channel", "first_touch_channel"), another_name("channel", "c.first_name")
    (True, False)
    >>> another_name("channel", "utm_source"), another_name("channel", "ref_no")
    (True, False)
    >>> another_name("level", "job_lvl"), another_name("level", "job_id")
    (True, False)
    >>> another_name("grade", "pay_grade"), another_name("grade", "salary_no")
    (True, False)
    >>> another_name("ad group", "ad_set_id"), another_name("ad group", "ad_id")
    (True, False)
    """
    said = {w.rstrip("s") for w in group.split()}
    named = [p for p in parts(key.split(".")[-1]) if p not in _KEY_PARTS]
    phrase = _plain(group)
    return bool(named) and (
        any(said & entry[0] and _names(named, entry)
            for entry in (*_OTHER_NAMES, *_TRADE_NAMES))
        or any(phrase in {_plain(w) for w in entry[0]} and _names(named, entry)
               for entry in _TRADE_PHRASES))


@lru_cache(maxsize=4096)
def same_things(word: str) -> frozenset[str]:
    """The question's other words for the thing ``word`` names in a trade (:data:`_TRADE_NAMES`:
    a car is one of the vehicles, a coach an instructor, a vendor a supplier), ``word`` itself
    included, compared by their stems: a table named by any of them holds that thing's rows
    ("per car" over ``vehicles v``).

    >>> sorted(same_things("cars"))
    ['bus', 'car', 'truck', 'van', 'vehicle']
    >>> sorted(same_things("branch"))
    ['branch']
    """
    low = word.lower()
    out = {low[:-1] if low.endswith("s") and not low.endswith("ss") else low}
    said = stem(low)
    for entry in _TRADE_NAMES:
        if any(stem(e) == said for e in entry[0]):
            out |= entry[0]
    return frozenset(out)


def _names(named: list[str], entry: tuple[frozenset[str], ...]) -> bool:
    """Do a key's name parts name the thing of ``entry`` (its words, its own parts, its
    qualifiers if any)? Every part known, at least one the thing's own: a qualifier says which
    one (first_touch_channel, job_lvl), never the thing alone (first_name, job_id)."""
    core = entry[1]
    qualifiers = entry[2] if len(entry) > 2 else frozenset()
    return (all(p in core or p in qualifiers for p in named)
            and any(p in core for p in named))


def _plain(phrase: str) -> str:
    """A phrase with each word's plural s taken off, as :func:`another_name` reads a group."""
    return " ".join(w.rstrip("s") for w in phrase.split())


#: Words for the person who owns or works a row ("per rep", "by agent", "each adjuster")...
ROLE_WORDS = frozenset({"rep", "salesrep", "salesperson", "seller", "agent", "owner",
                        "assignee", "adjuster", "technician", "tech", "analyst", "handler",
                        "account executive", "ae", "csm", "recruiter", "coordinator"})
#: ... and the name parts of the column that holds that person when it is named generically.
PERSON_KEYS = frozenset({"owner", "assignee", "assigned", "user", "usr", "employee", "emp",
                         "staff", "rep", "agent", "handler", "worker"})


def assigned_person(group: str, key: str) -> bool:
    """Is ``key`` the person a row is assigned to, asked about by the role the question names
    ("per rep" / ``owner_nm``, "revenue per salesperson" / ``rep_id``)?

    >>> assigned_person("salesperson", "r.rep_id"), assigned_person("salesperson", "region")
    (True, False)
    """
    return any(w.rstrip("s") in ROLE_WORDS for w in group.split()) and bool(
        set(parts(key.split(".")[-1])) & PERSON_KEYS)


#: Group words that name an attribute a row carries (a column of its own), not a party or a
#: thing with rows of its own: "by region" grouped by some id is another grouping.
ATTRIBUTE_HEADS = frozenset({
    "region", "country", "city", "state", "category", "type", "status", "channel", "segment",
    "source", "tier", "plan", "level", "gender", "language", "currency", "brand", "model",
    "size", "color", "colour", "priority", "stage", "reason", "method", "kind", "class",
    "zone", "market", "industry", "sector", "department", "team", "grade", "band", "group",
    "code", "version", "platform", "device", "os", "browser", "carrier", "outcome", "result"})


#: The name parts of a key that holds a person without saying which role (``staff_id``,
#: ``fsc_emp_id``, ``booked_by_user_id``, a clinic's ``provider_id``).
_ANY_PERSON = frozenset({"employee", "emp", "staff", "user", "usr", "worker", "person",
                         "personnel", "owner", "assignee", "provider", "prov"})
#: Endings of the nouns for a person by what they do (teacher, counselor, dentist, technician).
_AGENT_ENDINGS = ("er", "or", "ist", "ian")


def person_by_role(group: str, key: str) -> bool:
    """Is ``key`` a generic person key (staff, employee, user) and ``group`` a person named by
    role ("hours per teacher" / ``staff_id``, "arrangements per counselor" / ``fsc_emp_id``,
    "rentals by each manager" / ``booked_by_user_id``)? Which staff are the teachers is the
    schema's to say: a grouping finding stays, as minor. Short words ("order", "meter") are
    no roles.

    >>> person_by_role("teacher", "s.staff_id"), person_by_role("counselor", "fsc_emp_id")
    (True, True)
    >>> person_by_role("teacher", "room_id"), person_by_role("order", "user_id")
    (False, False)
    """
    words = group.split()
    if not words:
        return False
    head = words[-1].rstrip("s")
    if head in ATTRIBUTE_HEADS or not (head in ROLE_WORDS or (
            len(head) >= 6 and head.endswith(_AGENT_ENDINGS))):
        return False
    named = [p for p in parts(key.split(".")[-1]) if p not in _KEY_PARTS]
    return bool(named) and named[-1] in _ANY_PERSON


#: Nouns for people and the parties a business serves, beyond the served and role words above:
#: each has many rows of any table (visits, orders, trips), never one row of its own kind.
_PEOPLE = frozenset({"patient", "student", "pupil", "child", "kid", "person", "people",
                     "applicant", "candidate", "donor", "resident", "visitor", "passenger",
                     "employee", "staff", "user", "player", "viewer", "fan", "guest", "driver",
                     "rider", "physician", "doctor", "nurse", "teacher", "learner", "shopper",
                     "consumer", "borrower", "holder", "owner", "vendor", "supplier",
                     "merchant", "seller", "partner", "agency", "advertiser", "investor",
                     "policyholder", "insured", "claimant", "member", "caller", "listener",
                     # the business's own people by role
                     "pilot", "captain", "crew", "pro", "coach", "guide", "chef", "cook",
                     "clerk", "cashier", "surgeon", "vet", "attorney", "lawyer", "paralegal",
                     "broker", "banker", "mechanic", "plumber", "courier", "associate",
                     "barber", "host", "server", "bartender", "lifeguard", "ranger",
                     "attendant", "volunteer", "intern", "landlord", "therapist", "dentist",
                     "hygienist", "pharmacist", "optometrist", "instructor", "tutor",
                     "professor", "faculty", "manager", "supervisor", "director", "officer"})


#: The served party's names as keys cut them (``cust_id``, ``acct_no``, ``mbr_id``).
_SERVED_SHORT = frozenset({"cust", "acct", "clnt", "mbr", "hh"})


def a_party(word: str) -> bool:
    """Is ``word`` a person or a party (a customer, a rider, a donor, a counselor): someone who
    has many rows of a table, as opposed to a thing a row may be one of (a booking, a trip)?

    >>> a_party("customers"), a_party("rider"), a_party("counselor"), a_party("booking")
    (True, True, True, False)
    """
    w = word.lower()
    w = w[:-1] if w.endswith("s") and not w.endswith("ss") else w
    return (w in _PEOPLE or w in _SERVED_WORDS or w in _PARTY_WORDS or w in ROLE_WORDS
            or w in PERSON_KEYS or w in _ANY_PERSON or w in _SERVED_SHORT
            or (len(w) >= 6 and w.endswith(_AGENT_ENDINGS)))


#: The places a business works from, under their trades' names (a store, a yard, a clinic).
_PLACES = _PLACE_WORDS | frozenset({"store", "plant", "depot", "yard", "warehouse", "terminal",
                                    "station", "home", "center", "centre", "office", "clinic",
                                    "shop", "hall", "club", "campus", "building", "school",
                                    "hospital", "property", "restaurant", "hotel", "resort",
                                    "airport", "port", "marina", "dock", "gym", "farm", "mine",
                                    "region", "territory", "market", "country", "city",
                                    "state", "district", "zone", "area"})


#: Things a business sells or counts whose names end like a doer's ("fritters sold",
#: "trailers rented"): rows of their own kind, no party (:func:`counted_thing`).
THINGS_LIKE_AGENTS = frozenset({
    "fritter", "burger", "slider", "cracker", "sweater", "trailer", "printer", "scooter",
    "locker", "heater", "filter", "blender", "toaster", "speaker", "poster", "sticker", "marker",
    "folder", "binder", "planter", "cooler", "freezer", "container", "router", "charger",
    "adapter", "stroller", "wrapper", "hamper", "platter", "trimmer", "mower", "sprinkler",
    "tumbler", "skewer", "voucher"})


def counted_thing(word: str) -> bool:
    """Is ``word`` a thing sold or counted whose name ends like a doer's ("fritters")?

    >>> counted_thing("fritters"), counted_thing("riders")
    (True, False)
    """
    w = word.lower()
    return (w[:-1] if w.endswith("s") and not w.endswith("ss") else w) in THINGS_LIKE_AGENTS


def has_many_rows(word: str) -> bool:
    """Is ``word`` a person, a party or a place: something with many rows of any table by
    nature (a customer's orders, a store's sales), never one row of its own kind?

    >>> has_many_rows("stores"), has_many_rows("rider"), has_many_rows("booking")
    (True, True, False)
    """
    w = word.lower()
    w = w[:-1] if w.endswith("s") and not w.endswith("ss") else w
    return a_party(w) or w in _PLACES or w in ATTRIBUTE_HEADS


#: The people a business serves under the names its trades give them (a clinic's patients, a
#: school's students, an aquarium's visitors), beyond the served words above ...
_SERVED_PEOPLE = frozenset({"patient", "student", "pupil", "child", "kid", "applicant",
                            "candidate", "donor", "resident", "visitor", "passenger", "player",
                            "viewer", "fan", "learner", "shopper", "consumer", "borrower",
                            "policyholder", "insured", "claimant", "caller", "listener",
                            "investor", "advertiser", "holder", "rider"})
#: ... its own people by role (a key of staff, ``emp_id``, holds one of them) ...
_OWN_PEOPLE = ROLE_WORDS | frozenset({
    "employee", "emp", "staff", "worker", "personnel", "assignee", "provider", "prov", "pilot",
    "captain", "crew", "pro", "coach", "guide", "chef", "cook", "clerk", "cashier", "surgeon",
    "vet", "attorney", "lawyer", "paralegal", "broker", "banker", "mechanic", "plumber",
    "courier", "associate", "barber", "host", "server", "bartender", "lifeguard", "ranger",
    "attendant", "volunteer", "intern", "therapist", "dentist", "hygienist", "pharmacist",
    "optometrist", "instructor", "tutor", "professor", "faculty", "manager", "supervisor",
    "director", "officer", "physician", "doctor", "nurse", "teacher", "driver"})
#: ... and the businesses it deals with.
_THIRD_PARTIES = frozenset({"vendor", "supplier", "merchant", "partner", "agency", "landlord"})


def side(word: str) -> str | None:
    """Whose person ``word`` is: ``served`` (a customer, a patient, a member), ``own`` (a
    rep, a teacher, a cashier), ``third`` (a vendor), or None for a person the words do not
    place (a skater is a roller rink's customer and an ice show's performer; a ``user_id``
    holds either).

    >>> side("patients"), side("cust"), side("cashier"), side("vendor"), side("skater")
    ('served', 'served', 'own', 'third', None)
    """
    w = word.lower()
    w = w[:-1] if w.endswith("s") and not w.endswith("ss") else w
    if served(w) or w in _SERVED_PEOPLE:
        return "served"
    if w in _THIRD_PARTIES:
        return "third"
    return "own" if w in _OWN_PEOPLE else None


def same_side(a: str, b: str) -> bool:
    """Could ``a`` and ``b`` be one person (neither placed on another side than the other)?"""
    sa, sb = side(a), side(b)
    return sa is None or sb is None or sa == sb


def served(word: str) -> bool:
    """Is ``word`` the party a business serves (a customer, a member, an account, a
    household), as opposed to its own people (a rep, a pro, a teacher)?"""
    w = word.lower()
    w = w[:-1] if w.endswith("s") and not w.endswith("ss") else w
    return w in _SERVED_WORDS or w in _PARTY_WORDS or w in _SERVED_SHORT


def entity_key(key: str) -> bool:
    """Does ``key`` key or name an entity (``tail_no``, ``kid_id``, ``instructor_nm``), as
    opposed to holding an attribute (``venue_area``, ``orig_icao``)?"""
    ps = parts(key.split(".")[-1])
    return len(ps) > 1 and ps[-1] in _KEY_PARTS


def key_kind(key: str) -> tuple[str, ...]:
    """The words of a key that name what it keys (``captain_emp_id`` -> captain, emp)."""
    return tuple(p for p in parts(key.split(".")[-1])
                 if p not in _KEY_PARTS and p not in _NAME_QUALIFIERS)


#: Words that say which name a name column holds (``full_nm``, ``display_name``): the name of
#: the thing grouped, not another thing.
_NAME_QUALIFIERS = frozenset({"full", "first", "last", "display", "given", "short", "long",
                              "legal", "desc", "description", "label", "title"})


def rows_of_another(words: list[str], own: str, tables: tuple[str, ...]) -> bool:
    """Does the query read a table named after another thing the user's own words name ("avg
    boat length per dock" over ``boats``): its rows are that thing, not one of ``words`` each?

    >>> rows_of_another(["dock"], "avg boat length per dock", ("slips", "boats"))
    True
    >>> rows_of_another(["booking"], "avg party size per booking", ("reservations",))
    False
    """
    said = {w for w in re.findall(r"[a-z]+", own[:2000].lower()) if len(w) > 2}
    said -= set(words)
    return any(word_matches(w, t.split(".")[-1]) for w in said for t in tables[:32])


def flag_column(column: str) -> bool:
    """Is ``column`` a yes/no flag by its name (``is_owner_stay``, ``rush_flg``, ``has_pet``,
    ``vip_yn``: :data:`stef_core.words.FLAG_PARTS`)? It says what kind of thing a row is; it
    names no other thing the rows are counted by.

    >>> flag_column("b.is_owner_stay"), flag_column("rush_flg"), flag_column("stay_id")
    (True, True, False)
    """
    return not FLAG_PARTS.isdisjoint(parts(column.split(".")[-1]))


#: "for each territory (the operator's regions)": the reformulation's group, and what it
#: glosses it as in a parenthesis right after.
_GLOSSED = re.compile(r"\b(?:each|per|by)\s+([a-z]+)\s*\(([^()]{1,80})\)")


def glossed(group: str, keys: tuple[str, ...], text: str) -> bool:
    """Does the reformulation name the SQL's key as the question's group in so many words ("for
    each territory (the operator's regions)" for "revenue per region" grouped by
    ``territory_cd``)? The agent says what the deployment calls its regions.

    >>> text = "revenue per region ytd revenue for each territory (the operator's regions)"
    >>> glossed("region", ("b.territory_cd",), text), glossed("region", ("b.base_cd",), text)
    (True, False)
    """
    head = stem(group.split()[-1]) if group.split() else ""
    if not head:
        return False
    for m in _GLOSSED.finditer(text[:2000]):
        glossed = {stem(w) for w in re.findall(r"[a-z]+", m.group(2))}
        if head in glossed and any(word_matches(m.group(1), k) for k in keys[:16]):
            return True
    return False
