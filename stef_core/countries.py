"""Countries as questions name them and as warehouses store them.

A question says "German sites" or "orders from Japan"; the SQL keeps ``country_cd = 'DE'`` or
``country = 'JPN'``. Without a table of the codes, the aligner sees a name the SQL never spells
and a two-letter value the question never says, and takes the right answer for a guess. The
ISO 3166 codes (alpha-2 and alpha-3) of the countries business data names most, with their
names, are that table: a code matches the country only when it is that country's
own code (``'DE'`` for Germany, never ``'D'`` for Denmark nor ``'GE'``, Georgia's).

>>> country_of("germany"), country_of("united kingdom"), country_of("britain"), country_of("gold")
('DE', 'GB', 'GB', None)
>>> is_code_of("DEU", "germany"), is_code_of("de", "Germany"), is_code_of("DK", "germany")
(True, True, False)
>>> is_country_code("fr"), is_country_code("XX")
(True, False)
"""

from __future__ import annotations

from functools import lru_cache

# alpha-2, alpha-3, then the country's names as a question spells them (lower case). A
# people's adjective ("German") is the question reader's: its lexicon's ``demonym`` table gives
# the question's value both spellings ('german', 'germany').
_TABLE = (
    ("US", "USA", "united states", "united states of america", "usa", "america"),
    ("CA", "CAN", "canada"),
    ("MX", "MEX", "mexico"),
    ("BR", "BRA", "brazil"),
    ("AR", "ARG", "argentina"),
    ("CL", "CHL", "chile"),
    ("CO", "COL", "colombia"),
    ("PE", "PER", "peru"),
    ("GB", "GBR", "united kingdom", "uk", "britain", "great britain", "england"),
    ("IE", "IRL", "ireland"),
    ("FR", "FRA", "france"),
    ("DE", "DEU", "germany"),
    ("ES", "ESP", "spain"),
    ("PT", "PRT", "portugal"),
    ("IT", "ITA", "italy"),
    ("NL", "NLD", "netherlands", "the netherlands", "holland"),
    ("BE", "BEL", "belgium"),
    ("LU", "LUX", "luxembourg"),
    ("CH", "CHE", "switzerland"),
    ("AT", "AUT", "austria"),
    ("DK", "DNK", "denmark"),
    ("SE", "SWE", "sweden"),
    ("NO", "NOR", "norway"),
    ("FI", "FIN", "finland"),
    ("IS", "ISL", "iceland"),
    ("PL", "POL", "poland"),
    ("CZ", "CZE", "czechia", "czech republic"),
    ("SK", "SVK", "slovakia"),
    ("HU", "HUN", "hungary"),
    ("RO", "ROU", "romania"),
    ("BG", "BGR", "bulgaria"),
    ("GR", "GRC", "greece"),
    ("HR", "HRV", "croatia"),
    ("SI", "SVN", "slovenia"),
    ("RS", "SRB", "serbia"),
    ("UA", "UKR", "ukraine"),
    ("RU", "RUS", "russia"),
    ("TR", "TUR", "turkey", "turkiye"),
    ("GE", "GEO", "georgia"),
    ("EE", "EST", "estonia"),
    ("LV", "LVA", "latvia"),
    ("LT", "LTU", "lithuania"),
    ("IL", "ISR", "israel"),
    ("AE", "ARE", "united arab emirates", "uae"),
    ("SA", "SAU", "saudi arabia"),
    ("QA", "QAT", "qatar"),
    ("EG", "EGY", "egypt"),
    ("ZA", "ZAF", "south africa"),
    ("NG", "NGA", "nigeria"),
    ("KE", "KEN", "kenya"),
    ("MA", "MAR", "morocco"),
    ("IN", "IND", "india"),
    ("PK", "PAK", "pakistan"),
    ("BD", "BGD", "bangladesh"),
    ("CN", "CHN", "china"),
    ("HK", "HKG", "hong kong"),
    ("TW", "TWN", "taiwan"),
    ("JP", "JPN", "japan"),
    ("KR", "KOR", "south korea", "korea"),
    ("SG", "SGP", "singapore"),
    ("MY", "MYS", "malaysia"),
    ("TH", "THA", "thailand"),
    ("VN", "VNM", "vietnam", "viet nam"),
    ("ID", "IDN", "indonesia"),
    ("PH", "PHL", "philippines"),
    ("AU", "AUS", "australia"),
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
    """The alpha-2 code of the country ``name`` (any case) names, if any."""
    return _index()[0].get(" ".join(name.lower().replace("-", " ").split()))


def is_code_of(code: str, name: str) -> bool:
    """Is ``code`` (alpha-2 or alpha-3, any case) the ISO code of the country ``name`` says?"""
    country = country_of(name)
    return country is not None and code.strip().upper() in _index()[1][country]


def is_country_code(code: str) -> bool:
    """Is ``code`` the ISO code (alpha-2 or alpha-3) of a country of the table?"""
    code = code.strip().upper()
    return any(code in codes for codes in _index()[1].values())
