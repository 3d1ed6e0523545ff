"""Pydantic models for everything that crosses a boundary: input records, the R_app ruleset,
per-record results and the judge's verdict.

The ruleset model is the single source of truth for R_app: its JSON Schema is generated from it
(``stef rules schema``) and committed at ``rulesets/schema/ruleset.schema.json``.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
)

FilterStatus = Literal[
    "fully_applied", "fully_applied_with_extras", "partially_applied", "not_applied"
]
VerdictLabel = Literal["correct", "likely_correct", "potentially_incorrect", "incorrect"]
Band = Literal["excellent", "good", "marginal", "poor"]

FILTER_STATUSES: tuple[FilterStatus, ...] = (
    "fully_applied",
    "fully_applied_with_extras",
    "partially_applied",
    "not_applied",
)
VERDICT_LABELS: tuple[VerdictLabel, ...] = (
    "correct",
    "likely_correct",
    "potentially_incorrect",
    "incorrect",
)
BANDS: tuple[Band, ...] = ("excellent", "good", "marginal", "poor")


def as_label(text: str) -> VerdictLabel:
    """``text`` as a verdict label, or :class:`ValueError` naming the labels.

    >>> as_label("likely_correct")
    'likely_correct'
    """
    for label in VERDICT_LABELS:
        if label == text:
            return label
    raise ValueError(f"unknown label {text!r}; use one of {', '.join(VERDICT_LABELS)}")

BUILTIN_RULE_IDS: tuple[str, ...] = (
    "required_group_by",
    "benign_group_by",
    "order_by_tolerance",
    "limit_tolerance",
)


_M = TypeVar("_M", bound=BaseModel)


def updated(model: _M, **changes: Any) -> _M:
    """``model.model_copy(update=changes)`` for a model without extras or private attributes,
    on a short path: the same object (fields, fields set, equality, dumps), made 3-4x faster,
    for the copies the engine makes of every record's verdict and filter alignment. Like
    ``model_copy``, it does not validate ``changes``.

    >>> fa = FilterAlignment(status="fully_applied")
    >>> updated(fa, score=5.0) == fa.model_copy(update={"score": 5.0})
    True
    """
    new = model.__class__.__new__(model.__class__)
    object.__setattr__(new, "__dict__", {**model.__dict__, **changes})
    object.__setattr__(new, "__pydantic_fields_set__",
                       model.__pydantic_fields_set__ | changes.keys())
    object.__setattr__(new, "__pydantic_extra__", model.__pydantic_extra__)
    object.__setattr__(new, "__pydantic_private__", model.__pydantic_private__)
    return new


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --------------------------------------------------------------------------------------------
# Input
# --------------------------------------------------------------------------------------------


class Record(BaseModel):
    """One logged text-to-SQL interaction. Unknown fields are ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    id: str
    question: str
    sql: str
    enriched_question: str | None = None
    agent: str = "default"
    dialect: str | None = None
    timestamp: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    #: A reviewer's verdict: 1 the SQL is correct, 0 it is not. Never read by the scoring; it
    #: is carried into the result, where `stef report` checks gamma against it, and it is
    #: what `stef calibrate` fits on.
    label: Literal[0, 1] | None = None

    @field_validator("id", "agent", mode="before")
    @classmethod
    def _stringify(cls, v: Any) -> Any:
        # Logs often carry numeric ids; they are identifiers, not numbers.
        return str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v

    @field_validator("label", mode="before")
    @classmethod
    def _label(cls, v: Any) -> Any:
        return parse_label(v)


_LABEL_WORDS = {"1": 1, "true": 1, "correct": 1, "yes": 1,
                "0": 0, "false": 0, "incorrect": 0, "no": 0}


def parse_label(value: Any) -> int | None:
    """A reviewer's label as 1 (correct) or 0 (incorrect); None when absent.

    Accepts 0/1, true/false and the words correct/incorrect, yes/no (any case).

    >>> parse_label(True), parse_label("Incorrect"), parse_label(1.0), parse_label(None)
    (1, 0, 1, None)
    """
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)) and value in (0, 1):
        return int(value)
    if isinstance(value, str) and value.strip().lower() in _LABEL_WORDS:
        return _LABEL_WORDS[value.strip().lower()]
    raise ValueError(f"a label is 1 (correct) or 0 (incorrect), found {value!r}")


# --------------------------------------------------------------------------------------------
# R_app: the per-deployment ruleset
# --------------------------------------------------------------------------------------------

FilterOp = Literal["=", "!=", "<>", "<", "<=", ">", ">=", "IN", "LIKE", "IS"]
RuleValue = str | int | float | bool | None | list[str | int | float | bool | None]


class BenignFilter(_Strict):
    """A filter the agent adds on purpose (tenant guard, soft-delete flag): an extra that earns
    the leniency bonus instead of costing a point. ``value`` ``"*"`` matches any value."""

    column: str = Field(min_length=1)
    op: FilterOp = "="
    value: RuleValue = "*"


class FilterScores(_Strict):
    """Points per filter status, inside 0-5 and ordered as their meanings are (checked when a
    ruleset is loaded): ``fully_applied >= fully_applied_with_extras >= partially_applied >=
    not_applied``."""

    fully_applied: float = Field(default=5, ge=0, le=5)
    fully_applied_with_extras: float = Field(default=4, ge=0, le=5)
    partially_applied: float = Field(default=3, ge=0, le=5)
    not_applied: float = Field(default=0, ge=0, le=5)


class VerdictScores(_Strict):
    """Points per verdict label, inside 0-5 and ordered as their meanings are (checked when a
    ruleset is loaded): ``correct >= likely_correct >= potentially_incorrect >= incorrect``."""

    correct: float = Field(default=5, ge=0, le=5)
    likely_correct: float = Field(default=3, ge=0, le=5)
    potentially_incorrect: float = Field(default=2, ge=0, le=5)
    incorrect: float = Field(default=0, ge=0, le=5)


class ConfidenceTier(_Strict):
    """gamma >= threshold gives this factor (the highest matching threshold wins)."""

    threshold: float = Field(ge=0, le=1)
    factor: float = Field(ge=0, le=1)


def _default_tiers() -> list[ConfidenceTier]:
    return [
        ConfidenceTier(threshold=0.85, factor=1.0),
        ConfidenceTier(threshold=0.65, factor=0.8),
        ConfidenceTier(threshold=0.0, factor=0.5),
    ]


class VerdictCuts(_Strict):
    """Lower bounds on gamma, the probability that the SQL is right, for each verdict label.

    Every judge's confidence means the same thing, and its label follows from it: gamma >=
    ``correct`` is *correct*, >= ``likely_correct`` *likely correct*, >= ``potentially_incorrect``
    *potentially incorrect*, below that *incorrect*. The defaults read the labels as odds:
    *correct* at 3 to 1 or better, *likely correct* better than even, *potentially incorrect*
    down to 1 to 3. With the default confidence tiers (0.85, 0.65) the score then rises in
    steps with gamma: for a fully applied filter status 100 from 0.85, 80 ("good") from 0.75,
    64 from 0.65, 40 from 0.50, 35 from 0.25 and 25 below; for a fixed filter status the score
    never falls when gamma rises, whatever cut points and tiers a ruleset sets (they are
    checked to be ordered).
    """

    correct: float = Field(default=0.75, ge=0, le=1)
    likely_correct: float = Field(default=0.50, ge=0, le=1)
    potentially_incorrect: float = Field(default=0.25, ge=0, le=1)


class Bands(_Strict):
    """Lower bounds of each band on the 0-100 score, strictly ordered (checked when a ruleset
    is loaded): ``marginal < good < excellent``."""

    excellent: float = Field(default=90, ge=0, le=100)
    good: float = Field(default=75, ge=0, le=100)
    marginal: float = Field(default=50, ge=0, le=100)


def field_range(model: type[BaseModel], name: str) -> tuple[float, float]:
    """The inclusive bounds a model states for a number field (``Field(ge=..., le=...)``):
    what the rule-language compiler checks each ``score`` statement against, so a range is
    stated once, here.

    >>> field_range(FilterScores, "fully_applied"), field_range(Bands, "good")
    ((0.0, 5.0), (0.0, 100.0))
    """
    low, high = float("-inf"), float("inf")
    for rule in model.model_fields[name].metadata:
        low = float(getattr(rule, "ge", low))
        high = float(getattr(rule, "le", high))
    return low, high


class Scoring(_Strict):
    """Composite score constants (docs/scoring.md, step 5). Defaults come from a secondary
    description of the paper; every one can be overridden."""

    filter: FilterScores = Field(default_factory=FilterScores)
    verdict: VerdictScores = Field(default_factory=VerdictScores)
    bonus: float = Field(default=1, ge=0, le=5)
    max_base: float = Field(default=10, gt=0)
    confidence_tiers: list[ConfidenceTier] = Field(default_factory=_default_tiers)
    bands: Bands = Field(default_factory=Bands)
    verdict_cuts: VerdictCuts = Field(default_factory=VerdictCuts)

    def label_for(self, gamma: float) -> VerdictLabel:
        """The verdict label that confidence ``gamma`` (P(correct)) implies.

        >>> Scoring().label_for(0.9), Scoring().label_for(0.7), Scoring().label_for(0.1)
        ('correct', 'likely_correct', 'incorrect')
        """
        cuts = self.verdict_cuts
        if gamma >= cuts.correct:
            return "correct"
        if gamma >= cuts.likely_correct:
            return "likely_correct"
        if gamma >= cuts.potentially_incorrect:
            return "potentially_incorrect"
        return "incorrect"


#: The concepts ``Ruleset.lexicon`` accepts, each with the meanings a cue phrase may have.
LEXICON_MEANINGS: dict[str, tuple[str, ...]] = {
    "aggregate": ("COUNT", "SUM", "AVG", "MIN", "MAX", "DISTINCT"),
    "direction": ("asc", "desc"),
    "comparative": (">", ">=", "<", "<=", "=", "!="),
    "negation": ("not",),
    "grouping": ("group",),
    "unit": ("unit",),
    "ignore": ("ignore",),
}

CategoryValue = str | int | float


class Category(_Strict):
    """A categorical column: the values it holds and the words or phrases that mean one of
    them. A question that uses a value or one of its words (singular or plural, negated or not)
    requires ``column = value`` (or ``!=``)."""

    values: list[CategoryValue] = Field(
        default_factory=list, description="the values the column holds, as the SQL spells them"
    )
    words: dict[str, CategoryValue] = Field(
        default_factory=dict,
        description="word or phrase -> the value it means, e.g. {\"critical\": \"urgent\"}",
    )


class Ruleset(_Strict):
    """R_app: application rules for one deployment (docs/rules.md)."""

    name: str = "default"
    version: int = 1
    synonyms: dict[str, list[str]] = Field(
        default_factory=dict,
        description="column -> words or other column names that mean it",
    )
    terms: dict[str, str] = Field(
        default_factory=dict, description="phrase -> SQL expression (a metric) it stands for"
    )
    predicates: dict[str, str] = Field(
        default_factory=dict,
        description="phrase -> SQL condition it requires whenever the question uses it, "
        "e.g. {\"gold members\": \"tier = 'gold'\"}",
    )
    categories: dict[str, Category] = Field(
        default_factory=dict,
        description="column (or table.column, one table's values of a column other tables "
        "share) -> its declared values and the words that mean each",
    )
    benign_filters: list[BenignFilter] = Field(default_factory=list)
    ignored_filters: list[str] = Field(
        default_factory=list, description="columns whose filters are neither required nor extra"
    )
    limit_guard: int = Field(
        default=1000, ge=1, description="lambda_min: a LIMIT at or above it is a safety rail"
    )
    week_start: Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                        "sunday"] = Field(
        default="monday",
        description="the day the deployment's weeks start on: what \"last week\", \"this "
        "week\" and \"the week of <day>\" mean (ISO 8601 weeks start on Monday)",
    )
    year_start: Literal["january", "february", "march", "april", "may", "june", "july",
                        "august", "september", "october", "november", "december"] = Field(
        default="january",
        description="the month the deployment's years start in (a fiscal or school year): "
        "what \"this year\", \"last year\", \"ytd\" and \"this quarter\" mean",
    )
    rules: dict[str, bool] = Field(
        default_factory=dict, description="normalization rule id -> on/off"
    )
    scoring: Scoring = Field(default_factory=Scoring)
    notes: list[str] = Field(default_factory=list, description="domain knowledge for LLM judges")
    lexicon: dict[str, dict[str, str]] = Field(
        default_factory=dict,
        description="extra cue words for the question reader: concept -> {phrase: meaning}, "
        "e.g. {\"aggregate\": {\"tally\": \"COUNT\"}}",
    )
    calibration: str | None = Field(
        default=None,
        description="a calibration JSON (from `stef calibrate`) mapping the offline judge's "
        "evidence to gamma; relative paths are relative to the ruleset file",
    )

    def rule_enabled(self, rule_id: str) -> bool:
        return self.rules.get(rule_id, True)


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------


class Reason(_Strict):
    """A machine-readable finding. ``code`` is dotted (``filter.missing``); ``category`` the
    NL2SQL-Bugs family it belongs to (value, operator, condition, function, clause ...)."""

    code: str
    message: str
    category: str = "other"
    severity: Literal["info", "minor", "major", "critical"] = "minor"


class FilterAlignment(_Strict):
    """The aligner's classification of the filters: the status and what decided it.
    ``score`` is the status's points, which the scorer states (:class:`~stef_core.contracts.
    Score`); the aligner leaves it None and the result carries the scorer's."""

    status: FilterStatus
    score: float | None = None
    required: list[str] = Field(default_factory=list)
    matched: list[str] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list)
    extras: list[str] = Field(default_factory=list)
    benign_extras: list[str] = Field(default_factory=list)
    #: Extras shaped like deployment guards the ruleset does not declare (a tenant scope,
    #: deleted or test rows left out): neither extras nor benign (no bonus).
    guards: list[str] = Field(default_factory=list)
    #: Extras many of the run's queries share although their questions never name them
    #: (:data:`stef_core.run.COMMON`): the deployment's business definitions ("revenue" as
    #: ``status IN ('paid', 'shipped')``), not counted as extras either.
    definitions: list[str] = Field(default_factory=list)


class Usage(_Strict):
    """What a judge call cost."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    cached: bool = False
    calls: int = 0


class Escalation(_Strict):
    """How a cascade judge (``--judge cascade:llm:<model>``) settled a record: whether it asked
    the model, the policy's reason, and, when it asked and no verdict came back (the call
    failed, the breaker was open, the cost cap was reached), why the offline verdict stands."""

    escalated: bool
    reason: str
    fallback: str | None = None


class Verdict(_Strict):
    """A judge's verdict: a label and gamma (``confidence``). ``score`` is the label's points,
    which the scorer states; a judge leaves it None and the result carries the scorer's."""

    label: VerdictLabel
    score: float | None = None
    confidence: float = Field(ge=0, le=1)
    rationale: str = ""
    #: Which judge decided: ``offline``, ``llm:<model>``, ...
    judge: str = ""
    usage: Usage | None = None
    #: Set by a cascade judge on every record it judged; left out of the output when None.
    escalation: Escalation | None = None
    #: The judge's own reasons for its confidence (what took it below the ``correct`` cut
    #: when no finding did). The engine appends them to the result's ``reasons``; they are
    #: not written a second time inside ``verdict``.
    reasons: list[Reason] = Field(default_factory=list, exclude=True)

    @model_serializer(mode="wrap")
    def _drop_empty_escalation(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("escalation", 0) is None:
            del data["escalation"]
        return data


#: What left a record unscored: ``input`` (the record could not be read or lacks a field),
#: ``sql`` (the SQL does not parse or is not one query), ``limit`` (past a size or time limit,
#: the written result's included), ``judge`` (the judge gave no verdict), ``internal`` (STEF or
#: a plugin failed unexpectedly: a bug to report). The ``error`` text starts with the same
#: word, for people reading it.
ErrorKind = Literal["input", "sql", "limit", "judge", "internal"]
ERROR_KINDS: tuple[ErrorKind, ...] = ("input", "sql", "limit", "judge", "internal")


class Anchor(_Strict):
    """The date relative time ("last month", ``CURRENT_DATE - 7``) is read against, and where
    it came from: the record's ``timestamp``, ``--today``, or the ``run date``. One value per
    record, made by the engine and handed to the stages; the result names it when a relative
    period was read.

    >>> Anchor(date=date(2024, 6, 15), source="--today").model_dump(mode="json")
    {'date': '2024-06-15', 'source': '--today'}
    """

    date: date
    source: Literal["timestamp", "--today", "run date"]


class Result(BaseModel):
    """One output line of ``stef eval``."""

    model_config = ConfigDict(frozen=True)

    id: str
    agent: str
    status: Literal["scored", "unscored"]
    score: float | None = None
    band: Band | None = None
    base: float | None = None
    bonus: float | None = None
    confidence: float | None = None
    confidence_factor: float | None = None
    filter_alignment: FilterAlignment | None = None
    verdict: Verdict | None = None
    normalizations: list[str] = Field(default_factory=list)
    reasons: list[Reason] = Field(default_factory=list)
    error: str | None = None
    timestamp: str | None = None
    line: int | None = None
    #: What the judge spent on a record that ended unscored (failed attempts, repair turns);
    #: a scored record carries it in ``verdict.usage``. Left out of the output when None.
    usage: Usage | None = None
    #: What kind of problem left the record unscored (see :data:`ErrorKind`); ``error`` says
    #: it in words. Left out of the output when None (a scored record).
    error_kind: ErrorKind | None = None
    #: Set when a relative date ("last month") was read: ``{"date": "2024-06-15", "source":
    #: "timestamp" | "--today" | "run date"}``. Left out of the output when None.
    anchor: Anchor | None = None
    #: The input record's reviewer label (1 correct, 0 not), when it had one. Left out of the
    #: output when None.
    label: Literal[0, 1] | None = None
    #: What was asked and answered, so that a results file (and the report, the run store, an
    #: export) shows them beside the score: the record's question and SQL, as given. Left out
    #: of the output when None (a record that could not be read, or one past a size limit).
    question: str | None = None
    sql: str | None = None

    @model_serializer(mode="wrap")
    def _drop_empty_usage(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for key in ("usage", "anchor", "label", "question", "sql", "error_kind"):
            if data.get(key, 0) is None:
                del data[key]
        return data

    @property
    def judge_usage(self) -> Usage | None:
        """What the judge spent on this record, scored or not."""
        return self.verdict.usage if self.verdict is not None else self.usage
