"""Countries as questions name them and as warehouses store them.

A question says "German sites" or "orders from Japan"; the SQL keeps ``country_cd = 'DE'`` or
``country = 'JPN'``. Without a table of the codes, the aligner sees a name the SQL never spells
and a two-letter value the question never says, and takes the right answer for a guess. The
ISO 3166 codes (alpha-2 and alpha-3) of the countries business data names most, with their
names and demonyms, are that table: a code matches the country only when it is that country's
own code (``'DE'`` for Germany, never ``'D'`` for Denmark nor ``'GE'``, Georgia's).

>>> country_of("german"), country_of("united kingdom"), country_of("britain"), country_of("gold")
('DE', 'GB', 'GB', None)
>>> is_code_of("DEU", "germany"), is_code_of("de", "German"), is_code_of("DK", "germany")
(True, True, False)
>>> is_country_code("fr"), is_country_code("XX")
(True, False)
"""

from __future__ import annotations

from functools import lru_cache

# alpha-2, alpha-3, then the names and demonyms a question uses (lower case; spaces as typed)
_TABLE = (
    ("US", "USA", "united states", "united states of america", "usa", "america",
     "american"),
    ("CA", "CAN", "canada", "canadian"),
    ("MX", "MEX", "mexico", "mexican"),
    ("BR", "BRA", "brazil", "brazilian"),
    ("AR", "ARG", "argentina", "argentinian", "argentine"),
    ("CL", "CHL", "chile", "chilean"),
    ("CO", "COL", "colombia", "colombian"),
    ("PE", "PER", "peru", "peruvian"),
    ("GB", "GBR", "united kingdom", "uk", "britain", "great britain", "british", "england",
     "english"),
    ("IE", "IRL", "ireland", "irish"),
    ("FR", "FRA", "france", "french"),
    ("DE", "DEU", "germany", "german"),
    ("ES", "ESP", "spain", "spanish"),
    ("PT", "PRT", "portugal", "portuguese"),
    ("IT", "ITA", "italy", "italian"),
    ("NL", "NLD", "netherlands", "the netherlands", "holland", "dutch"),
    ("BE", "BEL", "belgium", "belgian"),
    ("LU", "LUX", "luxembourg"),
    ("CH", "CHE", "switzerland", "swiss"),
    ("AT", "AUT", "austria", "austrian"),
    ("DK", "DNK", "denmark", "danish"),
    ("SE", "SWE", "sweden", "swedish"),
    ("NO", "NOR", "norway", "norwegian"),
    ("FI", "FIN", "finland", "finnish"),
    ("IS", "ISL", "iceland", "icelandic"),
    ("PL", "POL", "poland", "polish"),
    ("CZ", "CZE", "czechia", "czech republic", "czech"),
    ("SK", "SVK", "slovakia", "slovak"),
    ("HU", "HUN", "hungary", "hungarian"),
    ("RO", "ROU", "romania", "romanian"),
    ("BG", "BGR", "bulgaria", "bulgarian"),
    ("GR", "GRC", "greece", "greek"),
    ("HR", "HRV", "croatia", "croatian"),
    ("SI", "SVN", "slovenia", "slovenian"),
    ("RS", "SRB", "serbia", "serbian"),
    ("UA", "UKR", "ukraine", "ukrainian"),
    ("RU", "RUS", "russia", "russian"),
    ("TR", "TUR", "turkey", "turkiye", "turkish"),
    ("GE", "GEO", "georgia", "georgian"),
    ("EE", "EST", "estonia", "estonian"),
    ("LV", "LVA", "latvia", "latvian"),
    ("LT", "LTU", "lithuania", "lithuanian"),
    ("IL", "ISR", "israel", "israeli"),
    ("AE", "ARE", "united arab emirates", "uae", "emirati"),
    ("SA", "SAU", "saudi arabia", "saudi"),
    ("QA", "QAT", "qatar", "qatari"),
    ("EG", "EGY", "egypt", "egyptian"),
    ("ZA", "ZAF", "south africa", "south african"),
    ("NG", "NGA", "nigeria", "nigerian"),
    ("KE", "KEN", "kenya", "kenyan"),
    ("MA", "MAR", "morocco", "moroccan"),
    ("IN", "IND", "india", "indian"),
    ("PK", "PAK", "pakistan", "pakistani"),
    ("BD", "BGD", "bangladesh", "bangladeshi"),
    ("CN", "CHN", "china", "chinese"),
    ("HK", "HKG", "hong kong"),
    ("TW", "TWN", "taiwan", "taiwanese"),
    ("JP", "JPN", "japan", "japanese"),
    ("KR", "KOR", "south korea", "korea", "korean", "south korean"),
    ("SG", "SGP", "singapore", "singaporean"),
    ("MY", "MYS", "malaysia", "malaysian"),
    ("TH", "THA", "thailand", "thai"),
    ("VN", "VNM", "vietnam", "viet nam", "vietnamese"),
    ("ID", "IDN", "indonesia", "indonesian"),
    ("PH", "PHL", "philippines", "filipino", "philippine"),
    ("AU", "AUS", "australia", "australian"),
    ("NZ", "NZL", "new zealand"),
)


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, str], dict[str, frozenset[str]]]:
    names: dict[str, str] = {}
    codes: dict[str, frozenset[str]] = {}
    for alpha2, alpha3, *spelled in _TABLE:
        codes[alpha2] = frozenset({alpha2, alpha3})
        for name in spelled:
            names.setdefault(name, alpha2)
    return names, codes


def country_of(name: str) -> str | None:
    """The alpha-2 code of the country ``name`` (a name or demonym, any case) says, if any."""
    return _index()[0].get(" ".join(name.lower().replace("-", " ").split()))


def is_code_of(code: str, name: str) -> bool:
    """Is ``code`` (alpha-2 or alpha-3, any case) the ISO code of the country ``name`` says?"""
    country = country_of(name)
    return country is not None and code.strip().upper() in _index()[1][country]


def is_country_code(code: str) -> bool:
    """Is ``code`` the ISO code (alpha-2 or alpha-3) of a country of the table?"""
    code = code.strip().upper()
    return any(code in codes for codes in _index()[1].values())
