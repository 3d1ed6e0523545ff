"""Corpus benchmark: how many of the textbook corpora's cases (tests/corpus) STEF gets right.

Every case under the folder runs through the shared YAML runner (``stef_core.testing``) with the
offline judge, known gaps (``xfail``) included. Pass rates are printed, and written with
``--out``, per concept (a pair passes when both its sides do; each side and the equivalents
separately), per dialect, per tag (``nesting``, ``relative`` ...), with the list of failures and
the first problem of each::

    python benchmarks/corpus.py --out benchmarks/results/corpus
    python benchmarks/corpus.py tests/corpus/dates --failures 0

``--write-xfail`` then marks every failing entry in the YAML files with ``xfail: "<problem>"``
(``xfail: {right: ..., wrong: ...}`` for a pair, naming the failing sides) and removes the mark
from entries that pass, so that the strict-xfail suite is green and a fixed case is news. The
files are edited as text: an entry starts with its ``- name:`` line, its ``xfail`` is one line
right below it; everything else (order, comments, layout) is left as it is.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT / "tests" / "corpus"
ENTRY = re.compile(r"^  - name:\s*(?P<name>.+?)\s*$")
XFAIL = re.compile(r"^    xfail:")


@dataclass(frozen=True)
class Outcome:
    """One case's result: which file and entry it comes from, and its first problem if any."""

    file: str
    folder: str  # the file's folder: tests/corpus (issue 12), tests/corpus/dates (issue 13)
    concept: str
    entry: str
    kind: str  # right, wrong, equivalent or case
    dialect: str
    tags: tuple[str, ...]
    passed: bool
    problem: str
    xfail: str | None


def corpus_files(path: Path) -> list[Path]:
    """The YAML files of a corpus folder (recursively), or the one file given."""
    if path.is_file():
        return [path]
    return sorted([*path.rglob("*.yml"), *path.rglob("*.yaml")])


def shown(path: str | Path) -> str:
    """A path relative to the repository when it is inside it (results are committed)."""
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _entry_name(case: Any) -> str:
    if case.kind in ("right", "wrong"):
        return str(case.name).rsplit(".", 1)[0]
    return str(case.name)


def first_problem(message: str, source: str) -> str:
    """The first problem the runner names in its AssertionError message."""
    head = message.split("\n", 1)[0]
    if head.startswith(source + ": "):
        head = head[len(source) + 2:]
    return head.split("; ", 1)[0].strip()


def short_problem(problem: str) -> str:
    """A stable, short wording of a problem for the ``xfail`` mark (no scores: they move)."""
    patterns = [
        (r"^expected reason (\S+)", r"misses \1"),
        (r"^unexpected reason (\S+)", r"carries \1"),
        (r"^expected score >= ([\d.]+)", "scores below 75"),
        (r"^expected score < ([\d.]+)", "scores 75 or more"),
        (r"^expected a score within", "equivalent spellings score apart"),
        (r"^expected a score, got unscored", "unscored"),
    ]
    for pattern, replacement in patterns:
        m = re.match(pattern, problem)
        if m:
            return m.expand(replacement)
    return problem[:80]


def run_file(path: Path, judge: str = "offline") -> list[Outcome]:
    """Run every case of one YAML file; a failing case is an outcome, never an exception."""
    from stef_core.testing import load_rule_cases, run_rule_case

    outcomes: list[Outcome] = []
    for case in load_rule_cases(path):
        problem = ""
        try:
            run_rule_case(case, judge=judge)
        except AssertionError as err:
            problem = first_problem(str(err), case.source)
        except Exception as err:  # a crash in STEF is a failing case, not a stopped run
            problem = f"error: {type(err).__name__}: {err}"[:200]
        outcomes.append(Outcome(
            file=str(path.resolve()), folder=shown(path.resolve().parent),
            concept=case.rule.removeprefix("corpus."),
            entry=_entry_name(case), kind=case.kind or "case",
            dialect=case.dialect or "default", tags=case.tags,
            passed=not problem, problem=problem, xfail=case.xfail,
        ))
    return outcomes


def _rates(outcomes: list[Outcome]) -> dict[str, Any]:
    """Pairs (both sides pass), right and wrong sides, equivalents and plain cases."""
    sides: dict[tuple[str, str], dict[str, bool]] = defaultdict(dict)
    counts = {k: [0, 0] for k in ("right", "wrong", "equivalent", "case")}
    for o in outcomes:
        counts[o.kind][0] += o.passed
        counts[o.kind][1] += 1
        if o.kind in ("right", "wrong"):
            sides[(o.file, o.entry)][o.kind] = o.passed
    pairs = [s for s in sides.values() if len(s) == 2]
    out: dict[str, Any] = {"pairs": len(pairs), "pairs_passed": sum(all(s.values()) for s in pairs)}
    for kind, (ok, total) in counts.items():
        out[f"{kind}_passed"], out[kind] = ok, total
    return out


def _pct(ok: int, total: int) -> str:
    return f"{ok}/{total} ({100 * ok / total:.0f} %)" if total else "-"


def summarize(outcomes: list[Outcome]) -> dict[str, Any]:
    """Rates per folder, concept, dialect and tag, the totals, and the failures."""
    by: dict[str, dict[str, list[Outcome]]] = {"folder": defaultdict(list),
                                               "concept": defaultdict(list),
                                               "dialect": defaultdict(list),
                                               "tag": defaultdict(list)}
    for o in outcomes:
        by["folder"][o.folder].append(o)
        by["concept"][o.concept].append(o)
        by["dialect"][o.dialect].append(o)
        for tag in o.tags:
            by["tag"][tag].append(o)
    return {
        "total": _rates(outcomes),
        **{key: {name: _rates(group[name]) for name in sorted(group)} for key, group in by.items()},
        "failures": [{"id": f"{o.concept}.{o.entry}", "kind": o.kind, "file": shown(o.file),
                      "problem": o.problem, "xfail": o.xfail}
                     for o in outcomes if not o.passed],
    }


def render_markdown(summary: dict[str, Any], command: str, seconds: float) -> str:
    """The summary as Markdown tables."""
    lines = ["# Corpus pass rates (offline judge)", "", f"`{command}` ({seconds:.1f} s)", "",
             "A pair passes when its right SQL scores >= 75 without the pair's reason code and "
             "its wrong SQL scores < 75 with it; equivalent spellings must score within 5 "
             "points with the same filter status.", ""]
    header = ["| {} | pairs passed | right side | wrong side | equivalents | cases |",
              "|---|---|---|---|---|---|"]
    for key, title in (("folder", "folder"), ("concept", "concept"), ("dialect", "dialect"),
                       ("tag", "tag")):
        lines += [f"## Per {title}", "", header[0].format(title), header[1]]
        rows = [*summary[key].items(), ("**all**", summary["total"])] if key == "concept" \
            else list(summary[key].items())
        for name, r in rows:
            lines.append(f"| {name} | {_pct(r['pairs_passed'], r['pairs'])} | "
                         f"{_pct(r['right_passed'], r['right'])} | "
                         f"{_pct(r['wrong_passed'], r['wrong'])} | "
                         f"{_pct(r['equivalent_passed'], r['equivalent'])} | "
                         f"{_pct(r['case_passed'], r['case'])} |")
        lines.append("")
    failures = summary["failures"]
    lines += [f"## Failures ({len(failures)})", ""]
    lines += [f"- `{f['id']}` ({f['kind']}): {f['problem']}" for f in failures]
    return "\n".join(lines) + "\n"


def print_summary(summary: dict[str, Any], max_failures: int) -> None:
    """A plain-text version for the terminal."""
    for key in ("folder", "concept", "dialect", "tag"):
        print(f"{key:<24} {'pairs':>16} {'right':>16} {'wrong':>16} {'equivalent':>16} "
              f"{'cases':>14}")
        rows = [*summary[key].items(), ("ALL", summary["total"])] if key == "concept" \
            else list(summary[key].items())
        for name, r in rows:
            print(f"{name:<24} {_pct(r['pairs_passed'], r['pairs']):>16} "
                  f"{_pct(r['right_passed'], r['right']):>16} "
                  f"{_pct(r['wrong_passed'], r['wrong']):>16} "
                  f"{_pct(r['equivalent_passed'], r['equivalent']):>16} "
                  f"{_pct(r['case_passed'], r['case']):>14}")
        print()
    failures = summary["failures"]
    print(f"{len(failures)} failing case(s)")
    for f in failures[:max_failures]:
        print(f"  {f['id']} ({f['kind']}): {f['problem']}")
    if len(failures) > max_failures:
        print(f"  ... {len(failures) - max_failures} more (see --out)")


def _xfail_line(marks: dict[str, str]) -> str:
    if set(marks) <= {"case"}:
        return f"    xfail: {json.dumps(marks['case'])}\n"
    inner = ", ".join(f"{side}: {json.dumps(marks[side])}" for side in ("right", "wrong")
                      if side in marks)
    return f"    xfail: {{{inner}}}\n"


def rewrite_xfail(text: str, failing: dict[str, dict[str, str]]) -> str:
    """``text`` with every entry's ``xfail`` line replaced by its current failures.

    ``failing`` maps an entry name to ``{side: problem}`` (side ``right``/``wrong`` for a pair,
    ``case`` for an equivalent or a plain case); entries not in it lose their mark.
    """
    import yaml

    out: list[str] = []
    for line in text.splitlines(keepends=True):
        if XFAIL.match(line):
            continue  # dropped; re-added below the entry's name line when still failing
        out.append(line)
        m = ENTRY.match(line)
        if m:
            name = str(yaml.safe_load(m.group("name")))
            if name in failing:
                out.append(_xfail_line(failing[name]))
    return "".join(out)


def write_xfail(outcomes: list[Outcome]) -> list[str]:
    """Rewrite the ``xfail`` marks of every file the outcomes come from; the changed files."""
    import yaml

    per_file: dict[str, dict[str, dict[str, str]]] = defaultdict(dict)
    files = {o.file for o in outcomes}
    for o in outcomes:
        if not o.passed:
            side = o.kind if o.kind in ("right", "wrong") else "case"
            per_file[o.file].setdefault(o.entry, {})[side] = short_problem(o.problem)
    changed = []
    for file in sorted(files):
        path = Path(file)
        text = path.read_text(encoding="utf-8")
        new = rewrite_xfail(text, per_file.get(file, {}))
        before, after = yaml.safe_load(text), yaml.safe_load(new)
        for doc in (before, after):  # the rewrite may change xfail marks and nothing else
            for key in ("pairs", "equivalent", "cases"):
                for entry in doc.get(key) or []:
                    entry.pop("xfail", None)
        if before != after:
            raise SystemExit(f"{file}: rewriting xfail marks would change more than the marks; "
                             "keep each entry's `- name:` first and its xfail on one line")
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(file)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT_DIR,
                        help="a corpus folder or YAML file (default: tests/corpus)")
    parser.add_argument("--out", type=Path, help="write OUT.md and OUT.json")
    parser.add_argument("--judge", default="offline", help="judge id (default: offline)")
    parser.add_argument("--write-xfail", action="store_true",
                        help="mark failing entries xfail and unmark passing ones, in place")
    parser.add_argument("--failures", type=int, default=40, metavar="N",
                        help="failures to print (default 40; all of them go to --out)")
    args = parser.parse_args(argv)

    files = corpus_files(args.path)
    if not files:
        print(f"corpus: no YAML files under {args.path}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    outcomes = [o for f in files for o in run_file(f, args.judge)]
    seconds = time.perf_counter() - start
    summary = summarize(outcomes)
    print_summary(summary, args.failures)
    if args.out:
        command = f"python benchmarks/corpus.py {shown(args.path)}"
        if args.judge != "offline":
            command += f" --judge {args.judge}"
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.with_suffix(".md").write_text(
            render_markdown(summary, command, seconds), encoding="utf-8")
        args.out.with_suffix(".json").write_text(
            json.dumps({"command": command, "seconds": round(seconds, 1), **summary},
                       indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.out.with_suffix('.md')} and {args.out.with_suffix('.json')}")
    if args.write_xfail:
        changed = write_xfail(outcomes)
        print(f"xfail marks updated in {len(changed)} file(s)" +
              "".join(f"\n  {shown(c)}" for c in changed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
