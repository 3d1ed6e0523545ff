"""A number the question says of the whole it counts in ("how many of our 40 stores ran a
loss", "out of the 12 regions, which ..."): the whole's size, not a condition. The reader takes
it as a filter on no column it could name (``? = 40``); no SQL filter compares with it, and
none should: the finding is minor (it lowers confidence), not a missing filter.

>>> from stef_question.extract import extract_question
>>> from stef_core.spec import Filter
>>> forty = Filter(None, "=", 40)
>>> whole_counted(forty, extract_question("how many of our 40 stores lost money", None))
True
>>> whole_counted(forty, extract_question("stores with 40 staff", None))
False
"""

from __future__ import annotations

import re

from stef_core.spec import Filter, QuestionSpec

#: "of our 40 stores", "out of the 12 regions", "across all 300 members": a whole's size.
_WHOLE = re.compile(r"\b(?:of|out of|among|across)\s+(?:all\s+)?(?:of\s+)?(?:our|the|its|their|"
                    r"your|all|my)\s+(\d+(?:\.\d+)?)\s+[a-z]")


def whole_counted(r: Filter, q: QuestionSpec) -> bool:
    """Is ``r`` (``? = 40``) the size of the whole the question counts in, said once, rather
    than a condition?"""
    if r.column is not None or r.op != "=" or isinstance(r.value, bool) \
            or not isinstance(r.value, (int, float)):
        return False
    n = float(r.value)
    if sum(1 for x in q.numbers[:64] if x == n) != 1:
        return False
    return any(float(m) == n for m in _WHOLE.findall(q.text[:2000].lower()))
