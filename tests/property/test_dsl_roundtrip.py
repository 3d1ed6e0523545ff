"""Round-trip properties of the rule language.

Random valid rulesets are written in a messy spelling (random keyword case, spacing, comments,
blank lines); formatting them, parsing and compiling again gives the same R_app, formatting is
idempotent, and R_app written back out as ``.stef`` compiles to itself. Arbitrary text never
escapes as anything but a ``RulesError``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stef_core.dsl import compile_text, format_text, ruleset_to_stef
from stef_core.dsl.formatter import quote_double, quote_single, render_number
from stef_core.models import LEXICON_MEANINGS
from stef_core.rules import RulesError

RULE_IDS = ("vocabulary", "required_group_by", "benign_group_by", "order_by_tolerance",
            "limit_tolerance")
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

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
       "SUM(CASE WHEN s = '#' THEN 1 ELSE 0 END)", "a / NULLIF(b, 0)", "MAX(\"weird#col\")",
       # conditions: predicate terms
       "tier = 'gold'", "churned_at IS NOT NULL", "(a > 1 AND b <= 'x#y')",
       "status IN ('open', 'pending')", "NOT is_test"]
CALIBRATION = (Path(__file__).parents[1] / "dsl" / "fixtures" / "valid" / "shared"
               / "calibration.json").resolve()
# Declared values and value words: no ':' so they never collide with the marked words below.
category_values = names | st.integers(-99, 999) | sq_text.filter(
    lambda s: s.strip() != "" and ":" not in s).map(quote_single)


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
        ["synonym", "values", "term", "benign", "ignore", "limit", "rule", "cue", "calibration",
         "note"]))
    if kind == "synonym":
        # A word means one thing: words carry their column ("s:<column> ...") so that two
        # columns never share one.
        column = draw(names).lower()
        words = draw(st.lists(dq_text, min_size=1, max_size=4))
        toks = ["synonym", column, "="]
        for i, word in enumerate(words):
            toks += ([","] if i else []) + [quote_double(f"s:{column} {word}")]
        return toks
    if kind == "values":
        # A `values` statement and a `value` statement naming one of its values.
        column = "vw" + str(draw(st.integers(0, 30)))
        values = draw(st.lists(category_values, min_size=1, max_size=4))
        rendered = [v if isinstance(v, str) else str(v) for v in values]
        toks = ["values", column, "="]
        for i, value in enumerate(rendered):
            toks += ([","] if i else []) + [value]
        chosen = draw(st.sampled_from(rendered))
        word = quote_double(f"v:{column}:{chosen.strip(chr(39)).lower()}: {draw(dq_text)}")
        return [*toks, ";", "value", column, chosen, "=", word]
    if kind == "cue":
        concept = draw(st.sampled_from(sorted(LEXICON_MEANINGS)))
        meaning = draw(st.sampled_from(LEXICON_MEANINGS[concept]))
        meaning = draw(st.sampled_from([meaning, meaning.lower(), meaning.upper()]))
        return ["cue", concept, quote_double(draw(dq_text)), "=", meaning]
    if kind == "calibration":
        return ["calibration", quote_double(str(CALIBRATION))]
    if kind == "term":
        # "t:" keeps condition phrases apart from declared values and words.
        return ["term", quote_double("t:" + draw(dq_text)), "=", draw(st.sampled_from(SQL))]
    if kind == "benign":
        op, value = draw(benign_values())
        return ["benign", "filter", draw(names), op, value]
    if kind == "ignore":
        return ["ignore", "filter", draw(names)]
    if kind == "limit":
        return ["limit", "guard", ">=", str(draw(st.integers(1, 10**6)))]
    if kind == "rule":
        return ["rule", draw(st.sampled_from(RULE_IDS)), draw(st.sampled_from(["on", "off"]))]
    return ["note", quote_double(draw(dq_text))]


@st.composite
def score_blocks(draw: st.DrawFn) -> list[list[str]]:
    """``score`` statements that together keep every ordering the compiler checks: a section
    is written whole (its values drawn in order) or not at all."""
    out: list[list[str]] = []

    def ordered(low: float, high: float, size: int, strict: bool) -> list[float]:
        values = draw(st.lists(st.floats(low, high, allow_nan=False).map(lambda x: round(x, 3)),
                               min_size=size, max_size=size, unique=strict))
        return sorted(values, reverse=True)

    for section, keys, low, high, strict in (
        ("filter", ("fully_applied", "fully_applied_with_extras", "partially_applied",
                    "not_applied"), 0, 5, False),
        ("verdict", ("correct", "likely_correct", "potentially_incorrect", "incorrect"), 0, 5,
         False),
        ("band", ("excellent", "good", "marginal"), 0, 100, True),
        ("cut", ("correct", "likely_correct", "potentially_incorrect"), 0, 1, True),
    ):
        if draw(st.booleans()):
            for key, value in zip(keys, ordered(low, high, len(keys), strict)):
                out.append(["score", f"{section}.{key}", "=", render_number(value)])
    if draw(st.booleans()):
        out.append(["score", "bonus", "=", render_number(draw(st.floats(0, 5)))])
    if draw(st.booleans()):
        out.append(["score", "max_base", "=", render_number(draw(st.floats(0.5, 20)))])
    if draw(st.booleans()):
        # The default tiers (0.85, 0.65, 0) are always merged in, so they are written too.
        extra = draw(st.lists(unit, max_size=2))
        thresholds = sorted({0.85, 0.65, 0.0, *extra}, reverse=True)
        factors = ordered(0, 1, len(thresholds), False)
        for threshold, factor in zip(thresholds, factors):
            out.append(["score", "confidence", render_number(threshold), "=",
                        render_number(factor)])
    return out


KEYWORDS = {"ruleset", "version", "synonym", "values", "value", "term", "benign", "filter",
            "ignore", "limit", "guard", "rule", "score", "cue", "calibration", "note", "on",
            "off", "in", "like", "is", "IN", "LIKE", "IS"}


@st.composite
def messy_files(draw: st.DrawFn) -> str:
    """A valid ruleset spelled with random case, spacing, comments and blank lines."""
    header = ["ruleset", quote_double(draw(dq_text))]
    if draw(st.booleans()):
        header += ["version", str(draw(st.integers(0, 99)))]
    body = draw(st.lists(statements(), max_size=12))
    for block in draw(score_blocks()):
        body.insert(draw(st.integers(0, len(body))), block)
    lines: list[str] = []
    if draw(st.booleans()):
        lines.append("# leading comment")
    split: list[list[str]] = []
    for toks in body:
        while ";" in toks:
            cut = toks.index(";")
            split.append(toks[:cut])
            toks = toks[cut + 1:]
        split.append(toks)
    for toks in [header, *split]:
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


@SETTINGS
@given(messy_files())
def test_fmt_parse_compile_gives_the_same_r_app(text: str) -> None:
    original = compile_text(text, "p.stef", rule_ids=RULE_IDS)
    formatted = format_text(text, "p.stef")
    assert compile_text(formatted, "p.stef", rule_ids=RULE_IDS) == original
    assert format_text(formatted) == formatted


@SETTINGS
@given(messy_files())
def test_r_app_written_as_stef_compiles_to_itself(text: str) -> None:
    ruleset = compile_text(text, "p.stef", rule_ids=RULE_IDS)
    assert compile_text(ruleset_to_stef(ruleset), rule_ids=RULE_IDS) == ruleset


@SETTINGS
@given(st.text(max_size=200) | messy_files().map(lambda s: s[: len(s) // 2] + "(\"' ="))
def test_arbitrary_text_only_ever_raises_rules_errors(text: str) -> None:
    try:
        compile_text(text, "fuzz.stef", rule_ids=RULE_IDS)
    except RulesError as exc:
        assert exc.messages and all(m.startswith("fuzz.stef:") for m in exc.messages)
