"""``stef rules ...`` and ``stef eval --rules`` through a real process (``python -m stef_core``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from stef_core.dsl import compile_file, ruleset_json
from stef_core.resources import rulesets_dir
from stef_core.schema import schema_text

pytestmark = pytest.mark.slow
EXAMPLES = rulesets_dir()


def stef(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stef_core", *args],
        capture_output=True, text=True, cwd=cwd, timeout=120, check=False,
    )


def test_check_valid_files(tmp_path: Path) -> None:
    proc = stef("rules", "check", str(EXAMPLES / "support_desk.stef"),
                str(EXAMPLES / "retail_sales.json"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        f"{EXAMPLES / 'support_desk.stef'}: ok (ruleset 'support_desk' version 4)",
        f"{EXAMPLES / 'retail_sales.json'}: ok (ruleset 'retail_sales' version 3)",
    ]


def test_check_reports_every_error_of_every_file(tmp_path: Path) -> None:
    (tmp_path / "bad.stef").write_text('ruleset "bad"\nrule limit_tolerence off\nlimit guard 5\n')
    (tmp_path / "bad.json").write_text('{"benign_filters": [{"column": "a", "op": "EQ"}]}')
    (tmp_path / "good.stef").write_text('ruleset "good"\n')
    proc = stef("rules", "check", "bad.stef", "bad.json", "good.stef", "missing.stef",
                cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == "good.stef: ok (ruleset 'good' version 1)\n"
    assert "Traceback" not in proc.stderr
    err = proc.stderr.splitlines()
    assert err[0].startswith("bad.stef:2:6: unknown rule id 'limit_tolerence' "
                             "(did you mean 'limit_tolerance'?)")
    assert err[1:3] == ["    rule limit_tolerence off", "         ^^^^^^^^^^^^^^^"]
    assert "bad.stef:3:13: unexpected '5'" in err
    assert any(line.startswith("bad.json: $.benign_filters[0].op: 'EQ' is not one of")
               for line in err)
    assert "missing.stef: no such rules file" in err
    assert err[-1] == "stef: error: 4 errors in 3 of 4 rules files"


def test_compile_writes_the_committed_json(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    proc = stef("rules", "compile", str(EXAMPLES / "retail_sales.stef"), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert out.read_text() == (EXAMPLES / "retail_sales.json").read_text()
    stdout = stef("rules", "compile", str(EXAMPLES / "default.stef"))
    assert stdout.stdout == ruleset_json(compile_file(EXAMPLES / "default.stef"))


def test_schema_prints_the_generated_schema() -> None:
    proc = stef("rules", "schema")
    assert proc.returncode == 0
    assert proc.stdout == schema_text()


def test_fmt_stdout_check_and_write(tmp_path: Path) -> None:
    path = tmp_path / "messy.stef"
    path.write_text('RULESET "m"\n\n\nBenign Filter a in (1,2)   #why\n')
    canonical = 'ruleset "m"\n\nbenign filter a IN (1, 2)  #why\n'
    shown = stef("rules", "fmt", str(path))
    assert (shown.returncode, shown.stdout) == (0, canonical)
    checked = stef("rules", "fmt", "--check", str(path))
    assert checked.returncode == 1
    assert checked.stderr.splitlines()[0] == f"{path}: would reformat"
    written = stef("rules", "fmt", "--write", str(path))
    assert written.returncode == 0 and path.read_text() == canonical


def test_fmt_refuses_a_file_that_does_not_parse(tmp_path: Path) -> None:
    path = tmp_path / "broken.stef"
    path.write_text('ruleset "b"\nsynonm x = y\n')
    proc = stef("rules", "fmt", "--write", "broken.stef", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.splitlines()[0] == (
        "broken.stef:2:1: unknown statement 'synonm' (did you mean 'synonym'?)"
    )
    assert path.read_text() == 'ruleset "b"\nsynonm x = y\n'


def test_eval_accepts_stef_and_json_rules(tmp_path: Path) -> None:
    records = tmp_path / "records.jsonl"
    records.write_text(json.dumps({
        "id": "t1", "question": "How many open tickets are there?",
        "sql": "SELECT COUNT(*) FROM tickets WHERE status = 'open' AND tenant_id = 42",
    }) + "\n")
    seen = {}
    for label, rules in (("none", None), ("stef", EXAMPLES / "support_desk.stef"),
                         ("json", EXAMPLES / "support_desk.json")):
        out = tmp_path / f"{label}.jsonl"
        args = ["eval", str(records), "-o", str(out), "--no-progress"]
        if rules is not None:
            args += ["--rules", str(rules)]
        proc = stef(*args)
        assert proc.returncode == 0, proc.stderr
        [line] = out.read_text().splitlines()
        result = json.loads(line)
        seen[label] = (result["bonus"], result["filter_alignment"]["benign_extras"])
    # The tenant guard is benign in the support desk rules: the guard earns the bonus.
    assert seen == {"none": (0.0, []), "stef": (1.0, ["tenant_id = 42"]),
                    "json": (1.0, ["tenant_id = 42"])}


def test_eval_with_invalid_rules_exits_2(tmp_path: Path) -> None:
    (tmp_path / "r.stef").write_text('ruleset "r"\nrule nope on\n')
    (tmp_path / "in.jsonl").write_text('{"id": 1, "question": "q", "sql": "SELECT 1"}\n')
    proc = stef("eval", "in.jsonl", "--rules", "r.stef", "--no-progress", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.startswith("stef: error: r.stef:2:6: unknown rule id 'nope'\n")
    assert "Traceback" not in proc.stderr


def test_check_prints_warnings_and_exits_0(tmp_path: Path) -> None:
    (tmp_path / "w.stef").write_text('ruleset "w"\nvalues status = open, closed\n'
                                     "values status = open\n")
    proc = stef("rules", "check", "w.stef", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "w.stef: ok (ruleset 'w' version 1)\n"
    assert proc.stderr == (
        "w.stef:3:17: warning: value 'open' of status is already declared on line 2\n"
        "    values status = open\n"
        "                    ^^^^\n"
        "    expected: each value once\n")


def test_eval_with_rules_prints_their_warnings_and_scores(tmp_path: Path) -> None:
    (tmp_path / "w.stef").write_text('ruleset "w"\nvalues status = open, closed\n'
                                     "values status = open\n")
    (tmp_path / "in.jsonl").write_text(json.dumps(
        {"id": "1", "question": "How many open tickets?",
         "sql": "SELECT COUNT(*) FROM tickets WHERE status = 'open'"}) + "\n")
    proc = stef("eval", "in.jsonl", "--rules", "w.stef", "--no-progress", "-o", "out.jsonl",
                cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "w.stef:3:17: warning: value 'open' of status is already declared on line 2" \
        in proc.stderr
    [line] = (tmp_path / "out.jsonl").read_text().splitlines()
    assert json.loads(line)["status"] == "scored"


def test_compiled_json_names_its_calibration_relative_to_itself(tmp_path: Path) -> None:
    # A ruleset and its compiled JSON move together (a repository checked out elsewhere): the
    # calibration path in the JSON is relative to the JSON's folder, not absolute.
    import stef_judges
    from stef_judges.offline import DEFAULT_CALIBRATION

    shipped = Path(stef_judges.__file__).with_name("calibration") / DEFAULT_CALIBRATION
    project = tmp_path / "a"
    (project / "out").mkdir(parents=True)
    (project / "team.json").write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    (project / "r.stef").write_text('ruleset "r"\ncalibration "team.json"\n')
    proc = stef("rules", "compile", "r.stef", "-o", "out/r.json", cwd=project)
    assert proc.returncode == 0, proc.stderr
    assert json.loads((project / "out" / "r.json").read_text())["calibration"] == "../team.json"
    moved = project.rename(tmp_path / "b")  # the pair moves; the path still leads to the file
    (moved / "in.jsonl").write_text(json.dumps(
        {"id": "1", "question": "How many users?", "sql": "SELECT COUNT(*) FROM users"}) + "\n")
    proc = stef("eval", "in.jsonl", "--rules", "out/r.json", "--no-progress", "-o", "o.jsonl",
                cwd=moved)
    assert proc.returncode == 0, proc.stderr
    (moved / "team.json").unlink()  # and it is that file the run reads
    proc = stef("eval", "in.jsonl", "--rules", "out/r.json", "--no-progress", "-o", "o.jsonl",
                cwd=moved)
    assert proc.returncode == 2 and "team.json" in proc.stderr
