"""Professional credentials as role codes: 'dvm' is a vet, 'rn' a nurse, 'dds' a dentist.

Businesses that employ licensed professionals (clinics of every kind, home health, dental
groups, pharmacies, law and accounting firms) keep a person's role as the credential the
licence gives: ``role_cd = 'dvm'``, ``discipline = 'RN'``, ``title = 'CPA'``. A question says
the profession ("top 5 vets by visits", "visits per nurse", "billable hours of our CPAs"), so
the filter is the question's own word in the data's terms, not a condition it adds. The table
is general knowledge of credentials, the same in every such business, like country codes;
codes that mean other things in a question ('pt': part-time; 'do'; 'pa': a state, a
physician assistant or "per annum") are left out on purpose.

"Nurse" names a registered or practical nurse, not a nurse practitioner: "visits with nurse
practitioners" answered with ``role = 'rn'`` stays unanswered.

>>> credential_named("DVM", "top 5 vets by visits ytd")
True
>>> credential_named("rn", "visits per nurse last month")
True
>>> credential_named("rn", "visits with nurse practitioners this year")
False
>>> credential_named("np", "visits with nurse practitioners this year")
True
>>> credential_named("md", "visits per clinician")
False
"""

from __future__ import annotations

import re

from stef_core.words import stem

#: Credential -> the words (or word pairs) that name its holders in a question.
CREDENTIALS: dict[str, tuple[str, ...]] = {
    "dvm": ("vet", "veterinarian", "veterinary doctor"),
    "vmd": ("vet", "veterinarian"),
    "rn": ("nurse", "registered nurse"),
    "lpn": ("nurse", "practical nurse"),
    "lvn": ("nurse", "vocational nurse"),
    "np": ("nurse practitioner", "np"),
    "aprn": ("nurse practitioner",),
    "md": ("doctor", "physician"),
    "dds": ("dentist",),
    "dmd": ("dentist",),
    "rdh": ("hygienist", "dental hygienist"),
    "rph": ("pharmacist",),
    "pharmd": ("pharmacist",),
    "cna": ("nursing assistant", "nurse aide", "aide"),
    "cpa": ("accountant", "cpa"),
    "esq": ("attorney", "lawyer"),
}
#: Words after "nurse" that name another profession ("nurse practitioner", "nurse aide").
_NOT_A_NURSE = re.compile(r"\bnurses?\s+(?:practitioners?|aides?|assistants?|managers?)\b")


def _said(phrase: str, text: str) -> bool:
    words = phrase.split()
    if len(words) == 1:
        if words[0] == "nurse":
            text = _NOT_A_NURSE.sub(" ", text)
        return stem(words[0]) in {stem(w) for w in re.findall(r"[a-z]+", text)}
    pattern = r"\b" + r"\s+".join(re.escape(w) + r"s?" for w in words) + r"\b"
    return re.search(pattern, text) is not None


def credential_named(value: str, text: str) -> bool:
    """Is ``value`` a credential whose holders the question names (module docstring)?"""
    names = CREDENTIALS.get(value.strip().lower().replace(".", ""))
    if names is None:
        return False
    lowered = text[:2000].lower()
    return any(_said(n, lowered) for n in names)
