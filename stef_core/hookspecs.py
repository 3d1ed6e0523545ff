# mypy: disable-error-code="empty-body"
"""Hook specifications: the whole contract between STEF and its plugins.

A plugin is a module of functions decorated with ``stef_core.hookimpl`` and named after these
specs, listed under the ``stef`` entry-point group. Every hook here is a registration hook: it
is called once per run (1:N, all implementations' results are collected), returns plugin
classes, and the engine keeps one registry keyed by each class's ``id``. Pluggy lets an
implementation take fewer arguments than its spec, so these specs can grow without breaking
plugins.
"""

from __future__ import annotations

import pluggy

from stef_core.contracts import (
    Aligner,
    Judge,
    Normalizer,
    QuestionExtractor,
    Scorer,
    SqlExtractor,
)

hookspec = pluggy.HookspecMarker("stef")


@hookspec
def stef_register_extractors() -> list[type[SqlExtractor] | type[QuestionExtractor]]:
    """Register extractors, the first stage: SQL-side and question-side.

    :return: classes deriving from :class:`~stef_core.contracts.SqlExtractor` or
        :class:`~stef_core.contracts.QuestionExtractor`, each with a unique ``id``. The engine
        uses ``sql`` and ``question`` unless told otherwise.

    Specs are typed: a :class:`~stef_core.spec.Filter` has an ``Op``, a ``Source`` (the SQL
    clause or the part of the record), a ``Strength`` and the flags ``relation``, ``excluded``
    and ``alternative``; a period's bound is an ISO string or a
    :class:`~stef_core.spec.RelativeDate`. An extractor reads with the shared primitives, never
    with another plugin: :mod:`stef_core.sql` (parse path, resolver, condition and time
    readers), :mod:`stef_core.values`, :mod:`stef_core.periods`, :mod:`stef_core.words`.

    1:N. Added in 0.1.
    """


@hookspec
def stef_register_normalizers() -> list[type[Normalizer]]:
    """Register normalization rules, which rewrite both sides before they are compared.

    :return: :class:`~stef_core.contracts.Normalizer` classes. All registered rules run, in
        ``order``, unless R_app switches one off (``rule <id> off``); their ids are what R_app's
        ``rules`` accepts.

    1:N. Added in 0.1.
    """


@hookspec
def stef_register_aligners() -> list[type[Aligner]]:
    """Register aligners: classify filters and emit reason codes.

    :return: :class:`~stef_core.contracts.Aligner` classes; the engine uses ``default``.

    An aligner returns the filter *status* (its points are the scorer's) and findings built
    with :func:`stef_core.reasons.reason` from a registered code; it reads relative periods
    against ``Context.anchor`` (an :class:`~stef_core.models.Anchor`).

    1:N. Added in 0.1.
    """


@hookspec
def stef_register_judges() -> list[type[Judge]]:
    """Register judges, chosen with ``--judge ID[:ARG]``.

    :return: :class:`~stef_core.contracts.Judge` classes; the engine uses ``offline`` unless
        told otherwise.

    A judge reads the record's anchor date from ``JudgeRequest.anchor``; a
    :class:`~stef_core.errors.JudgeError` leaves the record unscored with its message and its
    ``kind`` (``judge`` unless given) as the result's ``error`` and ``error_kind``.

    1:N. Added in 0.1.
    """


@hookspec
def stef_register_scorers() -> list[type[Scorer]]:
    """Register scorers, which turn alignment and verdict into the 0-100 score.

    :return: :class:`~stef_core.contracts.Scorer` classes; the engine uses ``composite``.

    A scorer's :class:`~stef_core.contracts.Score` states every number once, the filter
    status's and the verdict's points included (``filter_points``, ``verdict_points``): the
    result shows them as they are.

    1:N. Added in 0.1.
    """
