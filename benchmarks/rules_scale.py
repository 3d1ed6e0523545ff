"""Rule-language scale: compile time of large and hostile rulesets, generated in a temp folder.

* N synonym lines (two words each, 500 columns): the compile must stay linear in N;
* a diamond include graph: D files, each including the next twice (2**(D-1) paths through the
  graph, every file compiled once);
* a term whose SQL nests P parentheses (refused past 32 levels, never a RecursionError).

    python benchmarks/rules_scale.py --synonyms 10000 50000 100000 --depth 25
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path


def _time(path: Path) -> tuple[float, str]:
    from stef_core.dsl import compile_file
    from stef_core.rules import RulesError

    t0 = time.perf_counter()
    try:
        compile_file(path, rule_ids=())
        outcome = "ok"
    except RulesError as exc:
        outcome = exc.messages[0].splitlines()[0].split(": ", 1)[-1]
    return time.perf_counter() - t0, outcome


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--synonyms", type=int, nargs="+", default=[10_000, 50_000])
    ap.add_argument("--depth", type=int, default=25)
    ap.add_argument("--parens", type=int, default=50)
    args = ap.parse_args(argv)
    from stef_core.dsl.parser import lark_parser

    lark_parser()  # build the parser once, outside the timings
    rows: list[tuple[str, float, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for n in args.synonyms:
            path = root / f"syn{n}.stef"
            path.write_text('ruleset "big"\n' + "".join(
                f'synonym col{i % 500} = word{i}, "phrase {i}"\n' for i in range(n)))
            seconds, outcome = _time(path)
            rows.append((f"{n:,} synonym lines", seconds, outcome))
        for i in range(args.depth):
            nxt = (f'include "f{i + 1}.stef"\ninclude "f{i + 1}.stef"\n'
                   if i < args.depth - 1 else "")
            (root / f"f{i}.stef").write_text(f'ruleset "f{i}"\n{nxt}note "n{i}"\n')
        seconds, outcome = _time(root / "f0.stef")
        rows.append((f"diamond of {args.depth} files (each includes the next twice)", seconds,
                     outcome))
        deep = "(" * args.parens + "x" + ")" * args.parens
        (root / "deep.stef").write_text(f'ruleset "d"\nterm "deep" = {deep}\n')
        seconds, outcome = _time(root / "deep.stef")
        rows.append((f"term with {args.parens} nested parentheses", seconds, outcome))
    print("| ruleset | compile (s) | outcome |\n|---|---:|---|")
    for name, seconds, outcome in rows:
        print(f"| {name} | {seconds:.2f} | {outcome} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
