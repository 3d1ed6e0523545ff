"""Round-trip properties of the rule language.

Random valid rulesets are written in a messy spelling (random keyword case, spacing, comments,
blank lines); formatting them, parsing and compiling again gives the same R_app, formatting is
idempotent, and R_app written back out as ``.stef`` compiles to itself. Arbitrary text never
escapes as anything but a ``RulesError``.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from stef_core.dsl import compile_text, format_text, ruleset_to_stef
from stef_core.dsl.compiler import SCORE_KEYS
from stef_core.dsl.formatter import quote_double, quote_single, render_number
from stef_core.rules import RulesError

RULE_IDS = ("vocabulary", "required_group_by", "benign_group_by", "order_by_tolerance",
            "limit_tolerance")
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}(\.[a-z_][a-z0-9_]{0,5})?", fullmatch=True)
# Double-quoted text may hold quotes, backslashes, tabs and newlines (all escaped).
dq_text = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\u2028\u2029")
    | st.sampled_from(['"', "\\", "\t", "\n", "#", "'"]),
    min_size=1, max_size=12,
).filter(lambda s: s.strip() != "")
sq_text = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\u2028\u2029")
    | st.sampled_from(["'", '"', "#", "%"]),
    max_size=10,
)
numbers = st.integers(-10**6, 10**6) | st.floats(
    -1e6, 1e6, allow_nan=False, allow_infinity=False
)
unit = st.floats(0, 1, allow_nan=False)
SQL = ["SUM(price * quantity)", "COUNT(*)", "AVG(x)", "COUNT(DISTINCT order_id)",
       "SUM(CASE WHEN s = '#' THEN 1 ELSE 0 END)", "a / NULLIF(b, 0)", "MAX(\"weird#col\")"]


def scalar_text(value: Any) -> str:
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    return render_number(value) if isinstance(value, (int, float)) else quote_single(value)


@st.composite
def benign_values(draw: st.DrawFn) -> tuple[str, str]:
    """A valid (operator, value text) pair."""
    op = draw(st.sampled_from(["=", "!=", "<>", "<", "<=", ">", ">=", "IN", "LIKE", "IS"]))
    if draw(st.integers(0, 9)) == 0:
        return op, "*"
    if op == "IN":
        items = draw(st.lists(numbers | sq_text | st.booleans() | st.none(), min_size=1,
                              max_size=4))
        return op, "(" + ", ".join(scalar_text(v) for v in items) + ")"
    if op == "IS":
        return op, scalar_text(draw(st.sampled_from([None, True, False])))
    if op == "LIKE":
        return op, scalar_text(draw(sq_text))
    if op in ("=", "!=", "<>"):
        return op, scalar_text(draw(numbers | sq_text | st.booleans()))
    return op, scalar_text(draw(numbers | sq_text))


@st.composite
def statements(draw: st.DrawFn) -> list[str]:
    """One statement as a list of tokens (joined later with random spacing)."""
    kind = draw(st.sampled_from(
        ["synonym", "term", "benign", "ignore", "limit", "rule", "score", "note"]))
    if kind == "synonym":
        words = draw(st.lists(names | dq_text.map(quote_double), min_size=1, max_size=4))
        toks = ["synonym", draw(names), "="]
        for i, word in enumerate(words):
            toks += ([","] if i else []) + [word]
        return toks
    if kind == "term":
        return ["term", quote_double(draw(dq_text)), "=", draw(st.sampled_from(SQL))]
    if kind == "benign":
        op, value = draw(benign_values())
        return ["benign", "filter", draw(names), op, value]
    if kind == "ignore":
        return ["ignore", "filter", draw(names)]
    if kind == "limit":
        return ["limit", "guard", ">=", str(draw(st.integers(1, 10**6)))]
    if kind == "rule":
        return ["rule", draw(st.sampled_from(RULE_IDS)), draw(st.sampled_from(["on", "off"]))]
    if kind == "score":
        key = draw(st.sampled_from(SCORE_KEYS))
        if key == "confidence":
            return ["score", key, render_number(draw(unit)), "=", render_number(draw(unit))]
        return ["score", key, "=", render_number(draw(numbers))]
    return ["note", quote_double(draw(dq_text))]


KEYWORDS = {"ruleset", "version", "synonym", "term", "benign", "filter", "ignore", "limit",
            "guard", "rule", "score", "note", "on", "off", "in", "like", "is", "IN", "LIKE", "IS"}


@st.composite
def messy_files(draw: st.DrawFn) -> str:
    """A valid ruleset spelled with random case, spacing, comments and blank lines."""
    header = ["ruleset", quote_double(draw(dq_text))]
    if draw(st.booleans()):
        header += ["version", str(draw(st.integers(0, 99)))]
    body = draw(st.lists(statements(), max_size=12))
    lines: list[str] = []
    if draw(st.booleans()):
        lines.append("# leading comment")
    for toks in [header, *body]:
        out = draw(st.sampled_from(["", " ", "\t"]))
        for i, tok in enumerate(toks):
            if tok in KEYWORDS:
                tok = draw(st.sampled_from([tok.lower(), tok.upper(), tok.title()]))
            if i:
                glue = tok in {"=", ","} or toks[i - 1] in {"=", ","}
                out += draw(st.sampled_from(["", " "] if glue else [" ", "  ", "\t"]))
            out += tok
        if draw(st.integers(0, 4)) == 0:
            out += draw(st.sampled_from(["", "  ", " "])) + "# trailing " + draw(
                st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=8))
        lines.append(out)
        lines.extend([""] * draw(st.integers(0, 2)))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n"]))


def compiles(text: str) -> Any:
    """The ruleset, or a rejected example when its random ``score`` statements make the score
    fall as gamma rises (the Scoring model refuses those: gamma means P(correct))."""
    try:
        return compile_text(text, "p.stef", rule_ids=RULE_IDS)
    except RulesError as exc:
        if any("$.scoring:" in m for m in exc.messages):
            reject()
        raise


@SETTINGS
@given(messy_files())
def test_fmt_parse_compile_gives_the_same_r_app(text: str) -> None:
    original = compiles(text)
    formatted = format_text(text, "p.stef")
    assert compile_text(formatted, "p.stef", rule_ids=RULE_IDS) == original
    assert format_text(formatted) == formatted


@SETTINGS
@given(messy_files())
def test_r_app_written_as_stef_compiles_to_itself(text: str) -> None:
    ruleset = compiles(text)
    assert compile_text(ruleset_to_stef(ruleset), rule_ids=RULE_IDS) == ruleset


@SETTINGS
@given(st.text(max_size=200) | messy_files().map(lambda s: s[: len(s) // 2] + "(\"' ="))
def test_arbitrary_text_only_ever_raises_rules_errors(text: str) -> None:
    try:
        compile_text(text, "fuzz.stef", rule_ids=RULE_IDS)
    except RulesError as exc:
        assert exc.messages and all(m.startswith("fuzz.stef:") for m in exc.messages)
