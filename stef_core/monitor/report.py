"""Per-agent (and per time window) reports over ``stef eval`` results.

A :class:`Report` consumes results one at a time (memory is bounded by the number of groups,
not records, thanks to :class:`stef_core.stats.Accumulator`) and produces one plain dict that
the table, Markdown and HTML renderers share.

>>> window_of("2026-01-05T23:30:00-02:00", "day")
'2026-01-06'
>>> window_of("2026-01-05", "week")
'2026-W02'
>>> window_of(None, "day")
'unknown'
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

from stef_core.contracts import StefError
from stef_core.models import BANDS, Result
from stef_core.monitor.idset import HashSet64, key
from stef_core.stats import Accumulator, wilson_ci

UNKNOWN = "unknown"
GROUPINGS = ("agent", "agent,day", "agent,week")
HISTOGRAM_BINS = 10
#: below this a score counts as low (as for the reason counts in stef_core.stats)
LOW_SCORE = 75


def parse_by(value: str) -> str | None:
    """The window unit of a ``--by`` value: None, ``day`` or ``week``."""
    norm = value.replace(" ", "").lower()
    if norm not in GROUPINGS:
        raise StefError(f"--by: unknown grouping {value!r}; use one of {', '.join(GROUPINGS)}")
    return norm.split(",")[1] if "," in norm else None


def parse_timestamp(value: str | None) -> datetime | None:
    """An ISO 8601 timestamp as an aware UTC datetime (naive ones are taken as UTC)."""
    if not value:
        return None
    try:
        ts = datetime.fromisoformat(value.strip())
        if ts.tzinfo is None:
            return ts.replace(tzinfo=timezone.utc)
        return ts.astimezone(timezone.utc)
    except (ValueError, OverflowError):  # not ISO 8601, or out of range in UTC (year 1 at +01)
        return None


def window_of(timestamp: str | None, unit: str) -> str:
    """The day (``2026-01-05``) or ISO week (``2026-W02``) of a timestamp, in UTC."""
    ts = parse_timestamp(timestamp)
    if ts is None:
        return UNKNOWN
    if unit == "week":
        year, week, _ = ts.isocalendar()
        return f"{year}-W{week:02d}"
    return ts.date().isoformat()


class SharedIds:
    """Results of one agent and id read from more than one source (``stef report a.jsonl
    b.jsonl``): two runs of the same records, most likely, that a merged report counts twice.
    Said in a warning that names the sources; ids are kept as fingerprints, in flat memory.

    >>> shared = SharedIds()
    >>> shared.add("bot", "1", "a.jsonl"); shared.next_source()
    >>> shared.add("bot", "1", "b.jsonl"); shared.add("bot", "2", "b.jsonl"); shared.next_source()
    >>> shared.warnings()[0][:75]
    "b.jsonl: 1 result has an agent and id already read from a.jsonl ('1'); the "
    """

    def __init__(self) -> None:
        self._earlier = HashSet64()
        self._current = HashSet64()
        self._sources: list[str] = []
        self._found: dict[str, list[str]] = {}  # source -> examples of its shared ids
        self._counts: dict[str, int] = {}

    def add(self, agent: str, ident: str, source: str) -> None:
        h = key(f"{agent}\x00{ident}")
        if h in self._earlier:
            self._counts[source] = self._counts.get(source, 0) + 1
            examples = self._found.setdefault(source, [])
            if len(examples) < 3:
                examples.append(ident)
        self._current.add(h)
        if not self._sources or self._sources[-1] != source:
            self._sources.append(source)

    def next_source(self) -> None:
        """The source being read is done: its ids count as read before the next one's."""
        for h in self._current:
            self._earlier.add(h)
        self._current = HashSet64()

    def warnings(self) -> list[str]:
        out = []
        for source, n in self._counts.items():
            before = [s for s in self._sources[:self._sources.index(source)]][:3]
            shown = ", ".join(repr(i) for i in self._found[source])
            out.append(f"{source}: {n:,} result{' has' if n == 1 else 's have'} an agent and id "
                       f"already read from {', '.join(before)} ({shown}{', ...' if n > 3 else ''}"
                       "); the report counts both: if they are two runs of the same records, "
                       "report one at a time (or compare them with stef compare)")
        return out


def _window_key(window: str) -> tuple[int, str]:
    return (1, window) if window == UNKNOWN else (0, window)


class Report:
    """Accumulates results into per-agent, per-window and overall groups.

    Args:
        by: ``agent``, ``agent,day`` or ``agent,week``.
        top: reason codes and worst records kept per group.
    """

    def __init__(self, by: str = "agent", top: int = 5) -> None:
        self.by = by.replace(" ", "").lower()
        self.unit = parse_by(self.by)
        self.top = top
        self.overall = Accumulator(keep_worst=top)
        self.agents: dict[str, Accumulator] = {}
        self.groups: dict[tuple[str, str], Accumulator] = {}
        # The mean-over-time chart always has a time axis: days unless --by asks for weeks.
        self.timeline_unit = self.unit or "day"
        self._timeline: dict[tuple[str, str], list[float]] = {}
        self.bad_timestamps = 0

    def add(self, result: Result) -> None:
        self.overall.add(result)
        self.agents.setdefault(result.agent, Accumulator(keep_worst=self.top)).add(result)
        window = window_of(result.timestamp, self.timeline_unit)
        if window == UNKNOWN and result.timestamp:
            self.bad_timestamps += 1
        if self.unit is not None:
            key = (result.agent, window)
            self.groups.setdefault(key, Accumulator(keep_worst=self.top)).add(result)
        if result.status == "scored" and result.score is not None:
            cell = self._timeline.setdefault((result.agent, window), [0.0, 0.0])
            cell[0] += result.score
            cell[1] += 1

    def add_all(self, results: Iterable[Result]) -> Report:
        for r in results:
            self.add(r)
        return self

    def _group(self, acc: Accumulator) -> dict[str, Any]:
        data = acc.summary()
        data["top_reasons"] = acc.top_reasons(self.top)
        data["noted_reasons"] = acc.ranked_noted(self.top)
        # Only low scores are "worst": a group scoring 100 throughout has nothing to look at.
        data["worst"] = [w for w in acc.worst() if w["score"] < LOW_SCORE]
        return data

    def to_dict(self) -> dict[str, Any]:
        """Everything the renderers need, as plain JSON-ready data."""
        groups: list[dict[str, Any]] = []
        if self.unit is None:
            for agent, acc in sorted(self.agents.items()):
                groups.append({"agent": agent, "window": None, **self._group(acc)})
        else:
            for (agent, window), acc in sorted(
                self.groups.items(), key=lambda kv: (kv[0][0], _window_key(kv[0][1]))
            ):
                groups.append({"agent": agent, "window": window, **self._group(acc)})
        windows = sorted({w for _, w in self._timeline}, key=_window_key)
        series: dict[str, list[float | None]] = {}
        for agent in sorted(self.agents):
            row: list[float | None] = []
            for w in windows:
                cell = self._timeline.get((agent, w))
                row.append(round(cell[0] / cell[1], 2) if cell and cell[1] else None)
            series[agent] = row
        agents = {}
        for agent, acc in sorted(self.agents.items()):
            agents[agent] = {**self._group(acc), "histogram": histogram(acc)}
        calibration = None
        if self.overall.labelled:
            calibration = {
                "overall": self.overall.calibration(),
                "agents": {a: acc.calibration() for a, acc in sorted(self.agents.items())
                           if acc.labelled},
            }
        return {
            "by": self.by,
            "bands": list(BANDS),
            # Reliability of gamma and precision per band, when results carry reviewer labels.
            "calibration": calibration,
            "overall": {**self._group(self.overall), "histogram": histogram(self.overall)},
            "agents": agents,
            "groups": groups,
            "timeline": {"unit": self.timeline_unit, "windows": windows, "series": series},
            # what took records below 75 (critical and major first), and info codes apart
            "reasons": self.overall.top_reasons(10),
            "noted_reasons": self.overall.ranked_noted(10),
            # reviewers' labels: accuracy per agent and per version (None without labels)
            "labelled": labelled_accuracy(self.agents) if self.overall.labelled else None,
            "bad_timestamps": self.bad_timestamps,
        }


def split_agent(agent: str) -> tuple[str, str | None]:
    """An agent name and its version: ``bot@1.4`` -> ``("bot", "1.4")``; no ``@``, no version.

    >>> split_agent("helpdesk-bot@1.4"), split_agent("default")
    (('helpdesk-bot', '1.4'), ('default', None))
    """
    name, sep, version = agent.rpartition("@")
    return (name, version) if sep and name and version else (agent, None)


def labelled_accuracy(agents: dict[str, Accumulator]) -> list[dict[str, Any]]:
    """Accuracy against the reviewers' labels per agent (all its versions together) and per
    version, beside the judge's estimate on the same records (their mean gamma).

    One row per agent name with labelled records (``version`` None: every version), followed
    by one row per version when the name has versions (``bot@1.4``, ``bot@1.5``).
    """
    by_name: dict[str, list[tuple[str | None, Accumulator]]] = {}
    for agent, acc in sorted(agents.items()):
        name, version = split_agent(agent)
        by_name.setdefault(name, []).append((version, acc))

    def row(name: str, version: str | None, accs: list[Accumulator]) -> dict[str, Any]:
        n = sum(a.labelled for a in accs)
        k = sum(a.labelled_correct for a in accs)
        gamma = sum(sum(a.reliability.gamma_sum) for a in accs)
        ci = wilson_ci(k, n)
        return {"agent": name, "version": version, "labelled": n, "correct": k,
                "accuracy": round(k / n, 4),
                "accuracy_ci95": [round(ci[0], 4), round(ci[1], 4)] if ci else None,
                "estimated": round(gamma / n, 4)}

    rows: list[dict[str, Any]] = []
    for name, versions in by_name.items():
        labelled = [(v, a) for v, a in versions if a.labelled]
        if not labelled:
            continue
        rows.append(row(name, None, [a for _, a in labelled]))
        if any(v is not None for v, _ in labelled):
            rows.extend(row(name, v or "-", [a]) for v, a in labelled)
    return rows


def histogram(acc: Accumulator, bins: int = HISTOGRAM_BINS) -> list[int]:
    """Counts of scores in ``bins`` equal bins over 0-100; 100 falls in the last bin."""
    counts = [0] * bins
    width = 100 / bins
    for value, n in acc.score_counts.items():
        i = min(bins - 1, max(0, int(value // width)))
        counts[i] += n
    return counts
