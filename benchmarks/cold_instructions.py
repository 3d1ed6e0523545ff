"""The cold-question workload of issue 23, for counting instructions under callgrind.

Scores one warm-up record (imports, plugins, lexicon), empties the per-question caches
(:func:`speed.forget_questions`), then scores the first ``N`` distinct questions of a labelled
file on a fresh offline engine: every question new, as in production. Run it twice under
valgrind, with ``N`` and with 0, and subtract: the difference is what ``N`` new records cost,
start-up excluded. Wall-clock timers are useless on a loaded 2-core machine; instruction
counts are stable to well under 1 %::

    for n in 0 300; do
      PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.$n.out \\
        python benchmarks/cold_instructions.py $n ../shared/data/dev/bird_train_sample.jsonl
    done   # 'Collected' in each report: STEF's cost = the two counts' difference

The bare parse's cost (the ratio's denominator) is measured the same way with ``--parse``:
only ``sqlglot.parse`` of each record's SQL in its dialect, as speed.py times it (a record
that does not parse costs its attempt and the loop goes on, as STEF does).
``--warm K`` counts the warm workload instead (speed.py's *warm*: one engine over a file whose
questions repeat, here the SQL side): every record of the file in order, repeats kept; the
first ``K`` are scored (or parsed) once before the ``N`` counted ones, on the same engine, with
no cache emptied. The loop above with ``n`` in 0 and ``K`` and ``... $n
../shared/data/dev/spider_dev.jsonl --warm K`` (and again with ``--parse``) gives what one warm
pass over the ``K`` records costs, and the parse's.

``--digest`` prints the results' digest (:func:`speed.results_digest`) to check that a change
leaves them identical; it is not per-record work, so leave it out of a count.

The per-record time budget is off unless ``--budget`` is given: its watchdog thread looks at
the clock a few times per wall-clock interval, and under valgrind (tens of times slower) those
looks are counted in proportion to the slowdown, not to STEF's work. Count with ``--budget``
to see what the budget's windows cost. As ``stef eval`` does, the engine is settled first
(:meth:`Engine.settle`: the start-up heap frozen out of the cyclic collector's sight), and the
script leaves without the interpreter's teardown (``os._exit``): freeing the caches the
records filled is paid once per process, not per record, and would be counted as theirs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import speed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, help="how many distinct questions to score (0: start-up only)")
    ap.add_argument("path", type=Path, help="a labelled JSONL file (e.g. bird_train_sample)")
    ap.add_argument("--parse", action="store_true", help="only parse each record's SQL")
    ap.add_argument("--digest", action="store_true", help="print the results' digest")
    ap.add_argument("--warm", type=int, metavar="K",
                    help="warm: every record (repeats kept), the first K scored first on the "
                         "same engine")
    ap.add_argument("--budget", action="store_true",
                    help="keep the default per-record time budget (off by default)")
    args = ap.parse_args(argv)
    if not args.path.is_file():
        ap.error(f"{args.path}: no such file (give a labelled JSONL file, e.g. "
                 "../shared/data/dev/bird_train_sample.jsonl)")

    from stef_core.engine import Engine, record_from_mapping
    from stef_core.limits import Limits

    with args.path.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    if args.warm is None:
        rows = speed.distinct_questions(rows)
    if args.parse:
        if args.warm is not None:
            speed._bare_parse(rows[: args.warm])
        speed._bare_parse(rows[: args.n])  # speed.py's own: a record that fails costs its try
        return 0
    limits = None if args.budget else Limits(time=0)
    if args.warm is None:
        warm = Engine(judge="offline", limits=limits)
        list(warm.run([record_from_mapping(rows[-1], default_id="warm")]))
        warm.close()
        speed.forget_questions()
    engine = Engine(judge="offline", limits=limits)
    engine.settle()  # as `stef eval` does
    if args.warm is not None:  # the warm-up pass: every question of the K records read once
        list(engine.run(record_from_mapping(r, default_id=str(i))
                        for i, r in enumerate(rows[: args.warm], 1)))
    results = list(engine.run(record_from_mapping(r, default_id=str(i))
                              for i, r in enumerate(rows[: args.n], 1)))
    engine.close()
    if args.digest:
        print(speed.results_digest(results))
    sys.stdout.flush()
    os._exit(0)  # no teardown: see the module docstring


if __name__ == "__main__":
    raise SystemExit(main())
