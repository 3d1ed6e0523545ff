"""Filter alignment and structural findings (SPEC 2.3).

Required filters (from the question and its enrichment) are matched to the SQL's filters by
value and, where the question side knows it, by column. The four statuses:

========================== ========================================================= =====
status                     meaning                                                    score
========================== ========================================================= =====
fully_applied              every required filter present, nothing extra               5
fully_applied_with_extras  every required filter present, plus extra filters          4
partially_applied          some required filters missing or wrong                     3
not_applied                every required filter missing                              0
========================== ========================================================= =====

Weak evidence (a capitalised word, a bare number) only becomes a requirement when the SQL gives
it something to be compared with; a quoted value, a comparative ("more than 5") or a hint
fragment (``status = 'active'``) is always required.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Literal

from stef_sql.extract import SUBQUERY
from stef_sql.values import value_key

from stef_align.time import align_periods
from stef_core.contracts import Alignment, Context
from stef_core.models import BenignFilter, FilterAlignment, Reason, Ruleset
from stef_core.spec import Filter, QuestionSpec, Scalar, SqlSpec, render_value

CATEGORY = {
    "filter.missing": "condition",
    "filter.value_mismatch": "value",
    "filter.operator_mismatch": "operator",
    "filter.extra": "condition",
    "filter.column_mismatch": "attribute",
    "aggregation.mismatch": "function",
    "aggregation.missing": "function",
    "groupby.missing": "clause",
    "groupby.extra": "clause",
    "orderby.direction": "clause",
    "orderby.missing": "clause",
    "limit.unrequested": "clause",
    "limit.missing_topk": "clause",
    "projection.missing": "attribute",
    "distinct.missing": "clause",
    "enrichment.drift": "other",
    "join.key_mismatch": "table",
    "enrichment.expression_missing": "attribute",
    "date.end_of_day": "value",
}

_COMPAT_OPS = {
    ("=", "in"),
    ("=", "like"),
    ("!=", "not in"),
    ("!=", "not like"),
    (">", ">="),
    (">=", ">"),
    ("<", "<="),
    ("<=", "<"),
}


_AGG_COLUMN_WORDS = {
    "COUNT": ("count", "num", "number", "cnt"),
    "SUM": ("total", "sum"),
    "AVG": ("avg", "average", "mean"),
}


def _in_text(words: tuple[str, ...], text: str) -> bool:
    return any(w in text for w in words)


Severity = Literal["info", "minor", "major", "critical"]


def reason(code: str, message: str, severity: Severity = "minor") -> Reason:
    """A finding with its NL2SQL-Bugs category looked up from its code."""
    return Reason(code=code, message=message, category=CATEGORY.get(code, "other"),
                  severity=severity)


def _keys(value: object) -> set[str]:
    if isinstance(value, tuple):
        return {value_key(v) for v in value}
    return {value_key(value)}


def _is_number(key: str) -> bool:
    return re.fullmatch(r"-?\d+(\.\d+)?", key) is not None


def _like_covers(pattern: str, value: str) -> bool:
    core = pattern.strip("%").replace("%", " ").replace("_", " ").strip()
    return bool(core) and (core in value or value in core)


def value_match(q: Scalar | tuple[Scalar, ...], s: Scalar | tuple[Scalar, ...], s_op: str) -> bool:
    """Do two normalized values mean the same constant (or does the SQL pattern cover it)?"""
    if s == SUBQUERY:
        return False
    qk, sk = _keys(q), _keys(s)
    if qk & sk:
        return True
    qs = [k for k in qk if len(k) >= 3 and not _is_number(k)]
    for q1 in qs:
        for s1 in sk:
            if _is_number(s1):
                continue  # 100000 is not "part of" 1000000
            if s_op in ("like", "not like") and _like_covers(s1, q1):
                return True
            # '2010' vs '2010-05-01', 'smith' vs 'john smith': one names the other.
            if len(s1) >= 3 and (
                s1.startswith(q1) or (len(q1) >= 4 and q1 in s1) or (len(s1) >= 4 and s1 in q1)
            ):
                return True
    return False


def mentions(text: str, value: str) -> bool:
    """Does folded ``text`` spell out ``value`` as whole words (LIKE wildcards stripped)?"""
    core = value.strip("%_ ").replace("%", " ").strip()
    if len(core) < 2 or not text:
        return False
    return _word_pattern(core).search(text) is not None


@lru_cache(maxsize=4096)
def _word_pattern(core: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])" + re.escape(core) + r"(?![\w])")


def _in_identifiers(value: object, sql: SqlSpec) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return False
    token = _norm_col(str(value))
    if len(token) < 3:
        return False
    return any(token in _norm_col(c) for c in sql.columns)


def _column_match(
    q: Filter, s: Filter, rules: Ruleset, sql_columns: frozenset[str] = frozenset()
) -> bool:
    if q.column is None or s.column is None:
        return True
    if sql_columns and _norm_col(q.column) not in {_norm_col(c) for c in sql_columns}:
        # The enrichment names a column the SQL never reads ("the Country value in the
        # gasstations table is 'CZE'" parses as table = 'CZE'): trust the value, not the name.
        return True
    qc, sc = _norm_col(q.column), _norm_col(s.column)
    if qc == sc or qc in sc or sc in qc:
        return True
    for column, words in rules.synonyms.items():
        names = {_norm_col(column), *(_norm_col(w) for w in words)}
        if qc in names and sc in names:
            return True
    return False


@lru_cache(maxsize=16384)
def _norm_col(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _op_match(q_op: str, s_op: str) -> bool:
    return q_op == s_op or (q_op, s_op) in _COMPAT_OPS


def _benign(f: Filter, benign: Iterable[BenignFilter]) -> bool:
    for b in benign:
        if b.column != "*" and _norm_col(b.column) != _norm_col(f.column or ""):
            continue
        op = {"<>": "!=", "IN": "in", "LIKE": "like"}.get(b.op, b.op)
        if b.op == "IS":
            op = "is null" if b.value is None else "="
        if not _op_match(op, f.op) and op != f.op:
            continue
        if b.value == "*":
            return True
        bval = tuple(b.value) if isinstance(b.value, list) else b.value
        if b.op == "IS" and b.value is None:
            return f.op == "is null"
        if value_match(bval, f.value, f.op):
            return True
    return False


def _ignored(f: Filter, rules: Ruleset) -> bool:
    return f.column is not None and any(
        _norm_col(c) == _norm_col(f.column) for c in rules.ignored_filters
    )


def _is_identifier_word(f: Filter, sql: SqlSpec) -> bool:
    """A capitalised word that names a table or column is vocabulary, not a value."""
    if not isinstance(f.value, str):
        return False
    word = _norm_col(f.value)
    names = {_norm_col(n) for n in (*sql.tables, *sql.columns)}
    return (
        word in names or word.rstrip("s") in names or any(word in n for n in names if len(word) > 3)
    )


def align_filters(
    q: QuestionSpec, sql: SqlSpec, rules: Ruleset, anchor: str | None = None
) -> tuple[FilterAlignment, bool, list[Reason]]:
    reasons: list[Reason] = []
    sql_filters = [f for f in sql.filters if not _ignored(f, rules)]
    # -- dates (stef_align.time): periods are aligned as intervals; the SQL filters that spell
    # -- a compared period are accounted for there, neither extras nor requirements here.
    dates = align_periods(q, sql, rules, anchor)
    sql_filters = [f for f in sql_filters if f not in dates.consumed]
    literal_keys = {value_key(v) for v in sql.literals}

    required: list[Filter] = []
    for f in q.filters:
        if _ignored(f, rules):
            continue
        if f.source == "question:weak":
            # Weak evidence needs the SQL to show something it could be.
            if _is_identifier_word(f, sql):
                continue
            if isinstance(f.value, str):
                if not any(isinstance(s.value, str) and s.value != SUBQUERY for s in sql_filters):
                    continue
            elif not sql_filters and not sql.having:
                continue
            elif _keys(f.value) & literal_keys:
                pass
            elif isinstance(f.value, (int, float)) and not any(
                isinstance(s.value, (int, float)) for s in sql_filters
            ):
                continue
        required.append(f)

    # A SQL filter whose value the question spells out (unquoted: "active users") is a
    # requirement the words carry, even though no pattern above picked it up.
    for s in sql_filters:
        if (
            isinstance(s.value, str)
            and s.value != SUBQUERY
            and mentions(q.text, s.value)
            and not any(value_match(f.value, s.value, s.op) for f in required)
        ):
            required.append(Filter(None, s.op, s.value, "question"))

    # Strongest evidence first, one requirement per value: a hint's `occupation = 'x'` and the
    # question's capitalised "X" are the same requirement.
    rank = {"hint": 0, "question": 1, "question:weak": 2}
    required.sort(key=lambda f: rank.get(f.source, 1))
    seen_values: set[str] = set()
    unique: list[Filter] = []
    for f in required:
        key = (
            ",".join(sorted(_keys(f.value)))
            + "|"
            + (f.op if f.op not in ("=", "in", "like") else "=")
        )
        if key in seen_values:
            continue
        seen_values.add(key)
        unique.append(f)
    required = unique

    matched: list[str] = []
    missing: list[str] = []
    weak_unmatched: list[Filter] = []
    strong: list[Filter] = []  # requirements that decide the status (weak ones only if matched)
    used: set[int] = set()
    wrong = 0
    for f in required:
        if f.source != "question:weak":
            strong.append(f)
        hit = None
        op_hit = None
        for i, s in enumerate(sql_filters):
            if i in used and not isinstance(s.value, tuple):
                continue  # one SQL predicate answers one requirement (an IN list answers many)
            if not value_match(f.value, s.value, s.op) or not _column_match(
                f, s, rules, sql.columns
            ):
                continue
            if (
                _op_match(f.op, s.op)
                or (f.op == "=" and s.op in ("like", "in"))
                or f.source == "question:weak"  # a bare number carries no operator of its own
            ):
                hit = i
                break
            op_hit = i
        in_filters = any(value_match(f.value, s.value, s.op) for s in sql_filters)
        if (
            hit is None
            and op_hit is None
            and not in_filters
            and (_keys(f.value) & literal_keys or _in_identifiers(f.value, sql))
        ):
            # The value is used, though not as a plain filter: a CASE WHEN condition, HAVING
            # COUNT(*) > 5, a LIMIT, or a column named after it (NumGE1500 for "at least 1500").
            matched.append(f.describe())
            if f.source == "question:weak":
                strong.append(f)
            continue
        if hit is not None:
            used.add(hit)
            matched.append(sql_filters[hit].describe())
            if f.source == "question:weak":
                strong.append(f)
        elif op_hit is not None:
            used.add(op_hit)
            wrong += 1
            missing.append(f.describe())
            s = sql_filters[op_hit]
            reasons.append(
                reason(
                    "filter.operator_mismatch",
                    f"the question asks {f.describe()} but the SQL has {s.describe()}",
                    "major",
                )
            )
        else:
            same_col = [
                s
                for s in sql_filters
                if f.column and s.column and _column_match(f, s, rules) and s.value != SUBQUERY
            ]
            if same_col and f.column:
                wrong += 1
                missing.append(f.describe())
                reasons.append(
                    reason(
                        "filter.value_mismatch",
                        f"the question asks {f.describe()} but the SQL filters "
                        f"{same_col[0].describe()}",
                        "major",
                    )
                )
            elif f.source == "question:weak":
                if isinstance(f.value, str) and f.value in " ".join(
                    str(v) for v in sql.literals if isinstance(v, str)
                ):
                    matched.append(f.describe())
                    strong.append(f)
                    continue
                # A capitalised word or bare number may be a name or a count, not a value: on
                # its own it does not decide the filter status (but see below).
                weak_unmatched.append(f)
            else:
                missing.append(f.describe())
                reasons.append(
                    reason(
                        "filter.missing",
                        f"required filter {f.describe()} is not in the SQL",
                        "major",
                    )
                )

    extras: list[str] = list(dates.extras)  # -- dates
    benign_extras: list[str] = []
    guessed: list[Filter] = []  # extra string filters on values the question never says
    for i, s in enumerate(sql_filters):
        if i in used or s.value == SUBQUERY:
            continue
        if any(value_match(f.value, s.value, s.op) for f in required):
            continue
        if _benign(s, rules.benign_filters):
            benign_extras.append(s.describe())
            continue
        extras.append(s.describe())
        if isinstance(s.value, str) and s.op in ("=", "in", "like") and not mentions(
            q.text, s.value
        ):
            guessed.append(s)

    # The question names a value the SQL does not use, and the SQL filters a value the question
    # never names ("customers in France" / country = 'Germany'): that is a wrong value, whatever
    # the weak evidence alone would say.
    for f in weak_unmatched:
        if isinstance(f.value, str) and guessed:
            s = guessed.pop(0)
            strong.append(f)
            missing.append(f.describe())
            wrong += 1
            reasons.append(
                reason(
                    "filter.value_mismatch",
                    f"the question names {render_value(f.value)} but the SQL filters "
                    f"{s.describe()}",
                    "major",
                )
            )
        else:
            reasons.append(
                reason(
                    "filter.missing",
                    f"the question names {render_value(f.value)} but no SQL filter uses it",
                    "minor",
                )
            )
    for text in extras[:3]:
        reasons.append(
            reason(
                "filter.extra",
                f"the SQL adds the filter {text}, which the question does not ask for",
                "info",
            )
        )

    # -- dates: the periods' findings join the filters'
    matched += dates.matched
    missing += dates.missing
    wrong += dates.wrong
    reasons += dates.reasons
    required_texts = [f.describe() for f in strong] + dates.required
    if not missing:
        status = "fully_applied_with_extras" if extras else "fully_applied"
    elif len(missing) < len(required_texts) or wrong:
        status = "partially_applied"  # some missing, or present with a wrong value/operator
    else:
        status = "not_applied"
    scores = rules.scoring.filter
    fa = FilterAlignment(
        status=status,  # type: ignore[arg-type]
        score=getattr(scores, status),
        required=required_texts,
        matched=matched,
        missing=missing,
        extras=extras,
        benign_extras=benign_extras,
    )
    return fa, bool(benign_extras), reasons


# --------------------------------------------------------------------------------------------
# structure: aggregation, grouping, order, limit, projection, enrichment
# --------------------------------------------------------------------------------------------


def structural_findings(q: QuestionSpec, sql: SqlSpec, rules: Ruleset) -> list[Reason]:
    out: list[Reason] = []
    sql_aggs = {a.func for a in sql.aggregations}
    outer_aggs = {a.func for a in sql.aggregations if not a.nested}
    window_text = " ".join(sql.windows).upper()

    # Aggregation: what the question asks for must be computed somewhere.
    column_text = " ".join(sorted(sql.columns))
    for func in q.aggregations:
        if func in ("MAX", "MIN"):
            continue  # superlatives are checked with order/limit below
        present = func in sql_aggs or func in window_text
        if (
            not present
            and not (outer_aggs - {"MAX", "MIN"})
            and any(w in column_text for w in _AGG_COLUMN_WORDS[func])
        ):
            present = True  # a pre-aggregated column read as is: "average attendance" -> average
        if func == "AVG" and not present and ("SUM" in sql_aggs and "COUNT" in sql_aggs):
            present = True
        if func == "COUNT" and not present and (sql.distinct or "SUM" in sql_aggs):
            present = "SUM" in sql_aggs  # SUM(CASE ...) counts too
        if func == "SUM" and not present and "COUNT" in sql_aggs:
            present = True  # "total number" / counting rows is a sum of ones
        if not present:
            other = sorted(outer_aggs - {func})
            if other:
                out.append(
                    reason(
                        "aggregation.mismatch",
                        f"the question asks for {func} but the SQL computes {', '.join(other)}",
                        "major",
                    )
                )
            else:
                out.append(
                    reason(
                        "aggregation.missing",
                        f"the question asks for {func} but the SQL computes no {func}",
                        "major",
                    )
                )

    # Ratios and percentages are divisions (or an AVG of a 0/1 flag).
    if (
        q.asks_ratio
        and not sql.divides
        and "AVG" not in sql_aggs
        and not _in_text(("percent", "ratio", "rate", "pct", "share", "proportion"), column_text)
    ):
        out.append(
            reason(
                "aggregation.missing",
                "the question asks for a ratio or percentage but the SQL divides nothing",
                "major",
            )
        )

    # The enrichment names the columns the answer needs ("rate = `A` / `B`", "refers to
    # NameTokenized"): a column it names that the SQL never reads is a likely wrong attribute.
    # An ignored column is no requirement, whichever way the enrichment names it.
    ignored = {_norm_col(c) for c in rules.ignored_filters}
    hint_cols = {_norm_col(c) for c in q.columns if len(c) > 2} - ignored
    if hint_cols:
        sql_cols = {_norm_col(c) for c in sql.columns} | {_norm_col(t) for t in sql.tables}
        unused = sorted(
            c
            for c in hint_cols
            if c not in sql_cols and not any(c in s or s in c for s in sql_cols if len(s) > 3)
        )
        if unused:
            severity: Severity = "major" if 2 * len(unused) > len(hint_cols) else "minor"
            code = "enrichment.expression_missing" if q.expressions else "projection.missing"
            out.append(
                reason(
                    code,
                    "the SQL never reads the column(s) the enrichment names: "
                    + ", ".join(unused[:3]),
                    severity,
                )
            )

    # Top-k and superlatives: need ORDER BY + LIMIT or MAX/MIN.
    has_extreme = bool({"MAX", "MIN"} & sql_aggs) or bool(sql.windows) or sql.nested_limit
    if q.top_k is not None:
        if sql.limit is None and not has_extreme and "order_by" not in sql.tolerated:
            out.append(
                reason(
                    "limit.missing_topk",
                    f"the question asks for the top {q.top_k} but the SQL has no "
                    "LIMIT, MAX/MIN or ranking",
                    "major",
                )
            )
        elif sql.limit is not None and q.top_k > 1 and sql.limit != q.top_k:
            out.append(
                reason(
                    "limit.unrequested",
                    f"the question asks for {q.top_k} rows but the SQL has LIMIT {sql.limit}",
                    "major",
                )
            )
        elif sql.limit is not None and not sql.order_by and not has_extreme:
            out.append(
                reason(
                    "orderby.missing",
                    "the SQL takes a LIMIT without ORDER BY: which rows is arbitrary",
                    "major",
                )
            )
    elif sql.limit is not None and q.superlative is None and q.order is None:
        out.append(
            reason(
                "limit.unrequested",
                f"the SQL keeps only {sql.limit} row(s) (LIMIT {sql.limit}) though "
                "the question asks for no top-k",
                "major",
            )
        )

    # Requested direction.
    if (
        q.order is not None
        and q.order.direction
        and sql.order_by
        and "order_by" not in sql.tolerated
    ):
        first = sql.order_by[0]
        want_desc = q.order.direction == "desc"
        if first.desc != want_desc:
            out.append(
                reason(
                    "orderby.direction",
                    f"the question asks for {q.order.direction}ending order but the "
                    f"SQL sorts {'DESC' if first.desc else 'ASC'}",
                    "major",
                )
            )
    elif q.order is not None and not sql.order_by and q.order.by:
        out.append(
            reason(
                "orderby.missing",
                "the question asks for an order but the SQL has no ORDER BY",
                "major",
            )
        )
    # Grouping.
    if (
        q.group_by
        and not sql.group_by
        and not sql.windows
        and not sql.implied_group_by
        and any(p.aggregate for p in sql.projections)
    ):
        out.append(
            reason(
                "groupby.missing",
                f"the question asks per {q.group_by[0]} but the SQL does not GROUP BY",
                "major",
            )
        )
    extra_keys = [k for k in sql.group_by if k not in sql.implied_group_by]
    if extra_keys and not q.group_by and not any(p.aggregate for p in sql.projections):
        out.append(
            reason(
                "groupby.extra",
                f"the SQL groups by {', '.join(extra_keys)}, which neither the "
                "question nor the SELECT needs",
                "minor",
            )
        )

    # DISTINCT.
    if (
        q.distinct
        and not sql.distinct
        and not any(a.distinct for a in sql.aggregations)
        and (not sql.group_by)
    ):
        out.append(
            reason(
                "distinct.missing",
                "the question asks for distinct values but the SQL does not de-duplicate",
                "minor",
            )
        )

    # Joins: two tables joined on each one's own key ("client.client_id = card.card_id")
    # relate rows that have nothing to do with each other.
    for lt, lc, rt, rc in sql.join_keys:
        if lc == rc or not lt or not rt or lt == rt:
            continue
        if _own_key(lt, lc) and _own_key(rt, rc):
            out.append(
                reason(
                    "join.key_mismatch",
                    f"the SQL joins {lt}.{lc} to {rt}.{rc}: each is its own table's "
                    "key, so the join pairs unrelated rows",
                    "major",
                )
            )

    # Enrichment drift.
    for item in q.drift:
        out.append(
            reason(
                "enrichment.drift", f"the enriched question changed a constraint: {item}", "minor"
            )
        )
    return out


def _own_key(table: str, column: str) -> bool:
    """Is ``column`` the key named after ``table`` (``client.client_id``, ``card.cardid``)?"""
    t, c = _norm_col(table), _norm_col(column)
    if not c.endswith("id"):
        return False
    stem = c[:-2]
    return bool(stem) and (t == stem or t.rstrip("s") == stem or stem.rstrip("s") == t.rstrip("s"))


def align(ctx: Context) -> Alignment:
    fa, bonus, filter_reasons = align_filters(ctx.question, ctx.sql, ctx.rules, ctx.anchor)
    reasons = filter_reasons + structural_findings(ctx.question, ctx.sql, ctx.rules)
    return Alignment(filters=fa, bonus=bonus, reasons=tuple(reasons))
