"""Alignment: the question's spec against the SQL's, one module per concept.

:mod:`stef_align.filters` classifies the filters (the status and its score);
:mod:`stef_align.aggregates`, :mod:`stef_align.superlatives`, :mod:`stef_align.grouping`,
:mod:`stef_align.projection`, :mod:`stef_align.enrichment`, :mod:`stef_align.joins` and
:mod:`stef_align.events` (a period dated by another event than the question's) report the
structural findings. Requirements are never added or dropped here: the question spec holds
them, whatever the SQL.

>>> from stef_core.contracts import Context
>>> from stef_core.models import Ruleset
>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> ctx = Context(question_spec("What is the largest invoice amount?", None),
...               extract_spec("SELECT MIN(amount) FROM invoices"), Ruleset())
>>> [(r.code, r.severity) for r in align(ctx).reasons]
[('aggregation.mismatch', 'critical')]
"""

from __future__ import annotations

from stef_align import (
    aggregates,
    all_their,
    always_true,
    averaged_counts,
    averaged_rates,
    birth_years,
    blank_values,
    both_values,
    buckets,
    chasm_joins,
    collected_for_others,
    constant_shares,
    contains,
    counted_days,
    counted_joins,
    counted_nulls,
    counted_people,
    counted_roles,
    counted_thresholds,
    crossed_bounds,
    day_off_periods,
    declared,
    defaulted_nulls,
    defeated_joins,
    denominators,
    distinct_sums,
    dropped_windows,
    duplicated,
    either_values,
    enrichment,
    events,
    failed_only,
    first_times,
    flipped_values,
    group_counts,
    grouping,
    having_counts,
    home_places,
    inverted_ratios,
    inverted_shares,
    joins,
    kinds,
    lacking_joins,
    late_bounds,
    latest_values,
    listed_totals,
    listed_values,
    loose_ors,
    month_lengths,
    named_excluded,
    neither,
    no_show_bases,
    null_sums,
    nulls,
    numerator_periods,
    numerators,
    opposites,
    or_higher,
    padded_counts,
    part_steps,
    past_upcoming,
    percent_divisions,
    placed_guards,
    projection,
    promoters,
    repeats,
    retention,
    running,
    scaled_days,
    sets,
    shares,
    single_rows,
    snapshots,
    state_rows,
    superlatives,
    terms,
    ties,
    unit_durations,
    unit_numbers,
    unit_sums,
    unpartitioned_windows,
    unread_kinds,
    unshown_measures,
    weekdays,
    zeroed,
)
from stef_align.filters import Work, align_filters
from stef_align.guards import missing_guards
from stef_core.contracts import Alignment, Context
from stef_core.models import Anchor, Reason, Ruleset
from stef_core.spec import QuestionSpec, SqlSpec

__all__ = ["align", "align_filters", "structural_findings"]


def structural_findings(q: QuestionSpec, sql: SqlSpec, rules: Ruleset,
                        anchor: Anchor | None = None) -> list[Reason]:
    """Every finding beyond the filters, concept by concept."""
    found = [
        *aggregates.check(q, sql, anchor is not None and anchor.source == "timestamp"),
        *superlatives.check(q, sql),
        *grouping.check(q, sql, rules),
        *projection.check(q, sql, rules),
        *kinds.check(q, sql),
        *unread_kinds.check(q, sql),
        *state_rows.check(q, sql),
        *counted_roles.check(q, sql),
        *counted_people.check(q, sql),
        *inverted_ratios.check(q, sql),
        *inverted_shares.check(q, sql),
        *numerator_periods.check(q, sql),
        *either_values.check(q, sql),
        *both_values.check(q, sql),
        *unit_durations.check(q, sql),
        *joins.check(q, sql, rules, anchor),
        *nulls.check(sql),
        *counted_nulls.check(sql),
        *counted_thresholds.check(q, sql),
        *padded_counts.check(sql),
        *percent_divisions.check(q, sql),
        *month_lengths.check(q, sql, anchor),
        *averaged_counts.check(q, sql),
        *defaulted_nulls.check(sql),
        *always_true.check(sql),
        *unpartitioned_windows.check(q, sql),
        *blank_values.check(q, sql),
        *crossed_bounds.check(q, sql),
        *listed_values.check(q, sql),
        *loose_ors.check(sql),
        *defeated_joins.check(q, sql),
        *latest_values.check(q, sql),
        *lacking_joins.check(q, sql),
        *neither.check(q, sql),
        *or_higher.check(q, sql),
        *unit_numbers.check(q, sql),
        *all_their.check(q, sql),
        *named_excluded.check(q, sql),
        *flipped_values.check(q, sql),
        *sets.check(q, sql),
        *repeats.check(q, sql),
        *first_times.check(q, sql),
        *events.check(q, sql, anchor),
        *events.reversed_differences(sql, q),
        *events.duration_units(q, sql),
        *events.measured_unit(q, sql),
        *scaled_days.check(q, sql),
        *shares.check(q, sql),
        *no_show_bases.check(q, sql),
        *averaged_rates.check(q, sql),
        *denominators.check(q, sql),
        *constant_shares.check(sql),
        *group_counts.check(sql),
        *counted_joins.check(q, sql, anchor is not None and anchor.source == "timestamp"),
        *having_counts.check(q, sql, anchor is not None and anchor.source == "timestamp"),
        *counted_days.check(q, sql, anchor is not None and anchor.source == "timestamp"),
        *events.overdue_today(q, sql),
        *events.measured_end(q, sql),
        *part_steps.check(sql, anchor),
        *buckets.check(q, sql),
        *opposites.check(q, sql),
        *contains.check(q, sql),
        *duplicated.check(sql),
        *numerators.check(q, sql),
        *zeroed.check(q, sql),
        *promoters.check(q, sql),
        *snapshots.check(sql),
        *running.check(q, sql),
        *ties.check(q, sql),
        *unit_sums.check(q, sql),
        *unshown_measures.check(q, sql),
        *collected_for_others.check(q, sql),
        *failed_only.check(q, sql),
        *distinct_sums.check(q, sql),
        *enrichment.check(q, sql, rules, anchor),
        *dropped_windows.check(q, sql),
        *retention.check(q, sql),
        *single_rows.check(q, sql),
        *day_off_periods.check(q, sql),
        *late_bounds.check(q, sql),
        *past_upcoming.check(q, sql),
        *home_places.check(q, sql),
        *weekdays.check(q, sql),
        *birth_years.check(q, sql, anchor is not None and anchor.source == "timestamp"),
        *terms.check(q, sql, rules),
        *declared.check(sql, rules),
    ]
    # two child tables summed across their join: said once, where the fan-out of one table
    # over its lines (joins.check) has not said it already
    if not any(r.code == "join.fan_out" for r in found):
        found += chasm_joins.check(sql)
    # a total asked of listed rows: said once, where the aggregate reader has not found the
    # total missing already (a total asked with no amount column that could hold it)
    if not any(r.code == "aggregation.missing" for r in found):
        found += listed_totals.check(q, sql)
    return found


def align(ctx: Context, work: Work | None = None) -> Alignment:
    fa, bonus, filter_reasons = align_filters(ctx.question, ctx.sql, ctx.rules, work,
                                              ctx.anchor, ctx.run)
    reasons = (filter_reasons + missing_guards(ctx.sql, ctx.run)
               + placed_guards.check(ctx.sql, ctx.run) + null_sums.check(ctx.sql, ctx.run)
               + structural_findings(ctx.question, ctx.sql, ctx.rules, ctx.anchor))
    return Alignment(filters=fa, bonus=bonus, reasons=tuple(reasons))
