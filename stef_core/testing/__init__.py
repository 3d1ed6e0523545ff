"""Test helpers for STEF and for plugin authors.

Rule cases are YAML files, one per rule, run by one runner (as sqlfluff does)::

    rule: limit_tolerance            # the normalizer id the cases exercise
    cases:
      - name: guard_limit_is_ignored
        question: List customers in France
        sql: SELECT name FROM customers WHERE country = 'France' LIMIT 1000
        rules: {limit_guard: 1000}   # optional R_app (JSON form) for this case
        expect:
          fired: true                # the rule is listed in `normalizations`
          status: fully_applied      # filter status
          reasons_include: []        # reason codes that must be present (code@severity too)
          reasons_exclude: [limit.unrequested]
          min_score: 90              # also: max_score, score, verdict, band

A corpus file states *pairs* (one question, a right and a wrong SQL, the reason code the wrong
one must carry) and *equivalent* SQL texts (two spellings of one meaning); each expands into
ordinary cases::

    rule: corpus.superlative         # the case ids' prefix
    pairs:
      - name: most_recent_orders
        question: Show the 10 most recent orders.
        right: SELECT * FROM orders ORDER BY created_at DESC LIMIT 10
        wrong: SELECT * FROM orders ORDER BY created_at ASC LIMIT 10
        code: orderby.direction      # the wrong SQL carries it, the right one does not
        tags: [postgres]             # optional; dialect, enriched_question, timestamp (when
                                     # the question was asked: "in April" is read against
                                     # it), rules as for cases
        xfail: "not read yet"        # optional: a known gap, reported by the runner;
                                     # {right: "...", wrong: "..."} marks one side only
    equivalent:
      - name: in_vs_or
        question: How many orders are pending or shipped?
        a: SELECT COUNT(*) FROM orders WHERE status IN ('pending', 'shipped')
        b: SELECT COUNT(*) FROM orders WHERE status = 'pending' OR status = 'shipped'

A pair's right SQL must score >= 75 (``pass_score``) and its wrong SQL below it; equivalent
texts must score within 5 points (``tolerance``) of each other, with the same filter status.

Use them from pytest (:func:`rule_case_params` marks the known gaps as strict xfails)::

    from stef_core.testing import load_rule_cases, rule_case_params, run_rule_case

    @pytest.mark.parametrize("case", rule_case_params(load_rule_cases("tests/rules/cases")))
    def test_rule_case(case):
        run_rule_case(case)
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the pytest plugin imports this package in every run: keep it light
    from stef_core.contracts import Judge
    from stef_core.models import Result, Ruleset
    from stef_core.registry import Registry
    from stef_core.testing.fakes import FakeJudge

__all__ = [
    "PASS_SCORE",
    "FakeJudge",
    "RuleCase",
    "assert_sql_answers",
    "fake_judge",
    "load_rule_cases",
    "rule_case_params",
    "run_rule_case",
    "score_one",
]

_EXPECT_KEYS = {
    "fired", "status", "reasons_include", "reasons_exclude", "score", "min_score", "max_score",
    "below", "verdict", "band", "unscored", "same_score_as", "equivalent_to", "tolerance",
}
#: The score a pair's right SQL must reach and its wrong SQL must stay below ("good" and up).
PASS_SCORE = 75.0
_PAIR_KEYS = {"name", "question", "enriched_question", "dialect", "rules", "right", "wrong",
              "code", "tags", "xfail", "timestamp"}
_EQUIVALENT_KEYS = {"name", "question", "enriched_question", "dialect", "rules", "a", "b",
                    "timestamp",
                    "tolerance", "tags", "xfail"}


@dataclass(frozen=True)
class RuleCase:
    """One YAML case. ``id`` is ``<rule>.<name>`` so ``pytest -k limit_tolerance`` selects."""

    rule: str
    name: str
    question: str
    sql: str
    enriched_question: str | None = None
    dialect: str | None = None
    #: When the question was asked (ISO 8601): relative dates and months named without a
    #: year ("last month", "in April") are read against it, as for a logged record.
    timestamp: str | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    expect: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    #: ``right``, ``wrong`` or ``equivalent`` for cases expanded from a corpus file, else "".
    kind: str = ""
    tags: tuple[str, ...] = ()
    #: Why the case is known to fail (the runner expects it to fail), or None.
    xfail: str | None = None

    @property
    def id(self) -> str:
        return f"{self.rule}.{self.name}"


def load_rule_cases(path: str | Path) -> list[RuleCase]:
    """Every case of a YAML file, or of every ``*.yml``/``*.yaml`` file under a folder (and its
    subfolders); corpus ``pairs`` and ``equivalent`` entries expand into cases."""
    import yaml

    p = Path(path)
    files = sorted([*p.rglob("*.yml"), *p.rglob("*.yaml")]) if p.is_dir() else [p]
    cases: list[RuleCase] = []
    for file in files:
        data = yaml.safe_load(file.read_text(encoding="utf-8")) or {}
        rule = str(data.get("rule") or file.stem)
        for i, raw in enumerate(data.get("cases") or []):
            name = str(raw.get("name") or f"case{i}")
            unknown = set(raw.get("expect") or {}) - _EXPECT_KEYS
            if unknown:
                raise ValueError(f"{file}: case {name!r}: unknown expect keys {sorted(unknown)}; "
                                 f"known: {sorted(_EXPECT_KEYS)}")
            cases.append(RuleCase(
                rule=rule, name=name, question=str(raw["question"]), sql=str(raw["sql"]),
                enriched_question=raw.get("enriched_question"), dialect=raw.get("dialect"),
                timestamp=_timestamp(raw.get("timestamp")),
                rules=dict(raw.get("rules") or {}), expect=dict(raw.get("expect") or {}),
                source=f"{file}:{name}", tags=_tags(file, name, raw),
                xfail=raw.get("xfail"),
            ))
        for i, raw in enumerate(data.get("pairs") or []):
            cases.extend(_pair_cases(file, rule, i, raw))
        for i, raw in enumerate(data.get("equivalent") or []):
            cases.append(_equivalent_case(file, rule, i, raw))
    return cases


def rule_case_params(cases: list[RuleCase]) -> list[Any]:
    """Cases as ``pytest.param`` values with readable ids; a case with ``xfail`` is a strict
    xfail (it must fail: a fixed gap is news, and its mark has to go)."""
    import pytest

    return [
        pytest.param(c, id=c.id, marks=pytest.mark.xfail(strict=True, reason=c.xfail))
        if c.xfail else pytest.param(c, id=c.id)
        for c in cases
    ]


def _common(file: Path, rule: str, name: str, raw: dict[str, Any], allowed: set[str],
            needed: tuple[str, ...]) -> dict[str, Any]:
    unknown = set(raw) - allowed
    if unknown:
        raise ValueError(f"{file}: {name!r}: unknown keys {sorted(unknown)}; "
                         f"known: {sorted(allowed)}")
    missing = [k for k in needed if not raw.get(k)]
    if missing:
        raise ValueError(f"{file}: {name!r}: missing {', '.join(missing)}")
    return dict(rule=rule, question=str(raw["question"]),
                enriched_question=raw.get("enriched_question"), dialect=raw.get("dialect"),
                timestamp=_timestamp(raw.get("timestamp")),
                rules=dict(raw.get("rules") or {}), tags=_tags(file, name, raw),
                xfail=raw.get("xfail"))


def _tags(file: Path, name: str, raw: dict[str, Any]) -> tuple[str, ...]:
    """A case's ``tags``, each a word: YAML reads a bare ``null``, ``yes`` or ``1`` as no value,
    a boolean or a number, which a report cannot sort among words."""
    tags = raw.get("tags") or ()
    if not isinstance(tags, (list, tuple)) or not all(isinstance(t, str) for t in tags):
        raise ValueError(f"{file}: {name!r}: tags must be a list of words, got {tags!r}; quote "
                         f"a tag YAML reads as another value (write 'null', not null)")
    return tuple(tags)


def _timestamp(value: object) -> str | None:
    """A case's ``timestamp`` as text (YAML reads an unquoted ``2025-05-03`` as a date)."""
    return None if value is None else str(value)


def _pair_cases(file: Path, rule: str, i: int, raw: dict[str, Any]) -> list[RuleCase]:
    name = str(raw.get("name") or f"pair{i}")
    common = _common(file, rule, name, raw, _PAIR_KEYS, ("question", "right", "wrong", "code"))
    code = str(raw["code"])
    # One side of a pair often passes while the other fails: a mapping marks each side alone,
    # so strict xfail does not trip on the side that already passes.
    xfail = common.pop("xfail")
    if isinstance(xfail, dict):
        unknown = set(xfail) - {"right", "wrong"}
        if unknown:
            raise ValueError(f"{file}: {name!r}: unknown xfail keys {sorted(unknown)}; "
                             "known: ['right', 'wrong']")
        sides = {side: xfail.get(side) for side in ("right", "wrong")}
    else:
        sides = {"right": xfail, "wrong": xfail}
    return [
        RuleCase(name=f"{name}.right", sql=str(raw["right"]), kind="right",
                 expect={"min_score": PASS_SCORE, "reasons_exclude": [code]},
                 source=f"{file}:{name} (right)", xfail=sides["right"], **common),
        RuleCase(name=f"{name}.wrong", sql=str(raw["wrong"]), kind="wrong",
                 expect={"below": PASS_SCORE, "reasons_include": [code]},
                 source=f"{file}:{name} (wrong)", xfail=sides["wrong"], **common),
    ]


def _equivalent_case(file: Path, rule: str, i: int, raw: dict[str, Any]) -> RuleCase:
    name = str(raw.get("name") or f"equivalent{i}")
    common = _common(file, rule, name, raw, _EQUIVALENT_KEYS, ("question", "a", "b"))
    return RuleCase(name=name, sql=str(raw["a"]), kind="equivalent",
                    expect={"equivalent_to": str(raw["b"]),
                            "tolerance": float(raw.get("tolerance", 5))},
                    source=f"{file}:{name}", **common)


_REGISTRY: Registry | None = None
_ENGINES: dict[tuple[str, str, int], Any] = {}


def default_registry() -> Registry:
    """The installed plugins, discovered once per process (discovery imports every plugin)."""
    global _REGISTRY
    if _REGISTRY is None:
        from stef_core.registry import Registry

        _REGISTRY = Registry.discover()
    return _REGISTRY


def cached_engine(
    rules: Ruleset | dict[str, Any] | str | os.PathLike[str] | None = None,
    *,
    judge: str | Judge = "offline",
    registry: Registry | None = None,
) -> Any:
    """An :class:`~stef_core.engine.Engine` for these rules and judge, built once per process.

    Engines with a judge *instance* are not cached (the instance is the caller's), but they
    share the discovered registry, which is the expensive part.
    """
    from stef_core.engine import Engine

    ruleset = as_ruleset(rules)
    reg = registry or default_registry()
    if not isinstance(judge, str):
        return Engine(ruleset, judge=judge, registry=reg)
    key = (ruleset.model_dump_json(), judge, id(reg))
    engine = _ENGINES.get(key)
    if engine is None:
        engine = _ENGINES[key] = Engine(ruleset, judge=judge, registry=reg)
    return engine


def as_ruleset(rules: Ruleset | dict[str, Any] | str | os.PathLike[str] | None) -> Ruleset:
    """Rules as the helpers take them: a :class:`~stef_core.models.Ruleset`, its JSON as a
    dict, a path to a ``.stef`` or ``.json`` file (as a newcomer writes ``rules="crm.stef"``),
    or None for the defaults."""
    from stef_core.models import Ruleset

    if rules is None:
        return Ruleset()
    if isinstance(rules, dict):
        return Ruleset.model_validate(rules)
    if isinstance(rules, (str, os.PathLike)):
        return _rules_file(os.fspath(rules))
    return rules


@functools.lru_cache(maxsize=32)
def _rules_file(path: str) -> Ruleset:
    from stef_core.rules import load_rules

    return load_rules(path)


def close_engines() -> None:
    """Close every cached engine's judge (the pytest plugin calls this at session end)."""
    for engine in _ENGINES.values():
        engine.close()
    _ENGINES.clear()


def score_one(
    question: str,
    sql: str,
    *,
    enriched_question: str | None = None,
    rules: Ruleset | dict[str, Any] | str | os.PathLike[str] | None = None,
    dialect: str | None = None,
    judge: str | Judge = "offline",
    registry: Registry | None = None,
    timestamp: str | None = None,
) -> Result:
    """Score one record in-process (offline judge by default).

    Args:
        question: The user's question.
        sql: The SQL the agent produced.
        enriched_question: The agent's reformulation of the question, if any.
        rules: R_app as a :class:`~stef_core.models.Ruleset`, its JSON form, or the path of
            a ``.stef`` or ``.json`` rules file.
        dialect: A sqlglot dialect name for the SQL.
        judge: A judge id (``"offline"``) or a :class:`~stef_core.contracts.Judge` instance
            such as :func:`fake_judge`'s.
        registry: The plugins to use; default: every installed ``stef`` entry point. Plugin
            authors pass ``Registry.discover(extra=[my_plugin_module])`` to test a plugin that
            is not installed.
        timestamp: When the question was asked (ISO 8601); relative dates are read against
            it (default: the day the test runs).
    """
    from stef_core.models import Record

    engine = cached_engine(rules, judge=judge, registry=registry)
    record = Record(id="case", question=question, sql=sql,
                    enriched_question=enriched_question, dialect=dialect, timestamp=timestamp)
    result: Result = engine.evaluate_batch([record])[0]
    return result


def run_rule_case(
    case: RuleCase, *, registry: Registry | None = None, judge: str | Judge = "offline"
) -> Result:
    """Score a case and assert its expectations; the failure message shows the whole result.

    ``registry`` and ``judge`` are as for :func:`score_one`.
    """
    result = score_one(case.question, case.sql, enriched_question=case.enriched_question,
                       rules=case.rules or None, dialect=case.dialect, judge=judge,
                       registry=registry, timestamp=case.timestamp)
    exp = case.expect
    # A code matches alone or with its severity (``enrichment.drift@info``).
    codes = [c for r in result.reasons for c in (r.code, f"{r.code}@{r.severity}")]
    problems: list[str] = []
    if exp.get("unscored"):
        if result.status != "unscored":
            problems.append("expected the record to be unscored")
    elif result.status != "scored":
        problems.append(f"expected a score, got unscored: {result.error}")
    if "fired" in exp and (case.rule in result.normalizations) != bool(exp["fired"]):
        problems.append(f"expected rule {case.rule!r} {'to' if exp['fired'] else 'not to'} fire; "
                        f"fired: {result.normalizations}")
    fa = result.filter_alignment
    if "status" in exp and (fa is None or fa.status != exp["status"]):
        problems.append(f"expected filter status {exp['status']}, got {fa.status if fa else None}")
    for code in exp.get("reasons_include") or []:
        if code not in codes:
            problems.append(f"expected reason {code}")
    for code in exp.get("reasons_exclude") or []:
        if code in codes:
            problems.append(f"unexpected reason {code}")
    score = result.score if result.score is not None else -1.0
    if "score" in exp and score != float(exp["score"]):
        problems.append(f"expected score {exp['score']}, got {result.score}")
    if "min_score" in exp and score < float(exp["min_score"]):
        problems.append(f"expected score >= {exp['min_score']}, got {result.score}")
    if "max_score" in exp and score > float(exp["max_score"]):
        problems.append(f"expected score <= {exp['max_score']}, got {result.score}")
    if "verdict" in exp and (result.verdict is None or result.verdict.label != exp["verdict"]):
        problems.append(f"expected verdict {exp['verdict']}, got "
                        f"{result.verdict.label if result.verdict else None}")
    if "band" in exp and result.band != exp["band"]:
        problems.append(f"expected band {exp['band']}, got {result.band}")
    if "below" in exp and score >= float(exp["below"]):
        problems.append(f"expected score < {exp['below']}, got {result.score}")
    if "equivalent_to" in exp:
        other = score_one(case.question, str(exp["equivalent_to"]),
                          enriched_question=case.enriched_question,
                          rules=case.rules or None, dialect=case.dialect, judge=judge,
                          registry=registry, timestamp=case.timestamp)
        points = float(exp.get("tolerance", 5))
        other_status = other.filter_alignment.status if other.filter_alignment else None
        if (other.score is None or result.score is None
                or abs(other.score - result.score) > points
                or (fa is not None and other_status != fa.status)):
            problems.append(f"expected a score within {points:g} points of "
                            f"{exp['equivalent_to']!r} with the same filter status: "
                            f"{result.score} ({fa.status if fa else None}) vs "
                            f"{other.score} ({other_status})")
    if "same_score_as" in exp:
        other = score_one(case.question, str(exp["same_score_as"]),
                          enriched_question=case.enriched_question,
                          rules=case.rules or None, dialect=case.dialect, judge=judge,
                          registry=registry, timestamp=case.timestamp)
        if other.score != result.score or (other.filter_alignment and fa and
                                           other.filter_alignment.status != fa.status):
            problems.append(f"expected the same score as {exp['same_score_as']!r}: "
                            f"{result.score} vs {other.score}")
    if problems:
        raise AssertionError(
            f"{case.source}: " + "; ".join(problems) + "\n" + result.model_dump_json(indent=2)
        )
    return result


def _describe(result: Result) -> str:
    """The lines of a failure message: score, band, filters, verdict, normalizations, reasons."""
    lines: list[str] = []
    if result.status != "scored":
        lines.append(f"  status:    unscored ({result.error})")
        return "\n".join(lines)
    lines.append(f"  score:     {result.score} ({result.band})")
    fa = result.filter_alignment
    if fa is not None:
        detail = []
        if fa.missing:
            detail.append("missing " + ", ".join(fa.missing))
        if fa.extras:
            detail.append("extra " + ", ".join(fa.extras))
        lines.append(f"  filters:   {fa.status}" + (f" ({'; '.join(detail)})" if detail else ""))
    if result.verdict is not None:
        v = result.verdict
        lines.append(f"  verdict:   {v.label} (confidence {v.confidence:.2f}, "
                     f"judge {v.judge or '?'})")
        if v.rationale:
            lines.append(f"  rationale: {v.rationale}")
    if result.normalizations:
        lines.append(f"  rules:     {', '.join(result.normalizations)}")
    if result.reasons:
        lines.append("  reasons:")
        lines.extend(f"    - {r.code}: {r.message}" for r in result.reasons)
    else:
        lines.append("  reasons:   (none)")
    return "\n".join(lines)


def assert_sql_answers(
    question: str,
    sql: str,
    *,
    min_score: float,
    rules: Ruleset | dict[str, Any] | str | os.PathLike[str] | None = None,
    enriched_question: str | None = None,
    dialect: str | None = None,
    judge: str | Judge | None = None,
    registry: Registry | None = None,
) -> Result:
    """Assert that ``sql`` answers ``question`` with a STEF score of at least ``min_score``.

    Gate an agent's test suite on STEF::

        from stef_core.testing import assert_sql_answers

        def test_agent_counts_active_users(agent):
            sql = agent.ask("How many users are active?")
            assert_sql_answers("How many users are active?", sql, min_score=90)

    On failure the :class:`AssertionError` message shows the score, band, filter status,
    verdict with its rationale, and every reason code, one per line.

    Returns:
        The :class:`~stef_core.models.Result`, for further checks.
    """
    __tracebackhide__ = True  # pytest shows the caller's line, not this helper's
    result = score_one(question, sql, enriched_question=enriched_question, rules=rules,
                       dialect=dialect, judge=judge or "offline", registry=registry)
    score = result.score
    if result.status != "scored" or score is None or score < min_score:
        got = "unscored" if score is None else f"{score:g}"
        raise AssertionError(
            f"STEF score {got} is below min_score {min_score:g}\n"
            f"  question:  {question}\n"
            f"  sql:       {' '.join(sql.split())}\n" + _describe(result)
        )
    return result


def fake_judge(
    label: str = "correct", confidence: float = 1.0, *, rationale: str = "fake verdict"
) -> FakeJudge:
    """A judge that always answers ``label`` with ``confidence`` (no model, no network).

    Use it to test a plugin's effect on the score without the offline judge's opinion::

        evaluate(records, judge=fake_judge("likely_correct", 0.7))
        Engine(judge=fake_judge("incorrect"))
    """
    from stef_core.testing.fakes import FakeJudge

    return FakeJudge(label=label, confidence=confidence, rationale=rationale)


def __getattr__(name: str) -> Any:
    # FakeJudge subclasses the contracts (pydantic models behind them): import it on demand so
    # that importing this package from the pytest plugin stays cheap.
    if name == "FakeJudge":
        from stef_core.testing.fakes import FakeJudge

        return FakeJudge
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
