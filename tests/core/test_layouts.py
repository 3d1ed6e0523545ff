"""Any log layout: ``--map FIELD=PATH`` on nested JSON, CSV and Parquet, trace exports
(OpenInference spans as Phoenix writes them, OTLP JSON from an OpenTelemetry collector), and
``--delimiter`` for CSV."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from stef_core.mapping import MISSING, FieldMap, MappingError, resolve

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SQL = "SELECT COUNT(*) FROM users WHERE status = 'active'"
QUESTION = "How many users are active?"


def stef(*args: str, stdin: str | None = None) -> tuple[int, list[dict[str, Any]], str]:
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    res = CliRunner().invoke(cli, [*args, "--no-progress"], input=stdin, catch_exceptions=False)
    lines = [json.loads(x) for x in res.stdout.splitlines() if x.startswith("{")]
    return res.exit_code, lines, res.stderr


# ---- paths -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "path", "want"), [
    ({"inputs": {"question": "q"}}, "inputs.question", "q"),
    ({"inputs.question": "q"}, "inputs.question", "q"),  # a flat key with a dot (CSV, Phoenix)
    ({"a": {"b.c": {"d": 1}}}, "a.b.c.d", 1),
    ({"msgs": [{"c": "x"}, {"c": "y"}]}, "msgs.-1.c", "y"),
    ({"msgs": [{"c": "x"}]}, "msgs.3.c", MISSING),
    ({"input.value": '{"question": "q"}'}, "input.value.question", "q"),  # JSON text
    ({"input.value": "not json"}, "input.value.question", MISSING),
    ({"attributes": [{"key": "db.statement", "value": {"stringValue": "SELECT 1"}}]},
     "attributes.db.statement", "SELECT 1"),
    ({"attributes": [{"key": "n", "value": {"intValue": "3"}}]}, "attributes.n", "3"),
    # the longest key first, and back off when it leads nowhere
    ({"a.b": {"x": 1}, "a": {"b": {"c": 2}}}, "a.b.c", 2),
    ({"a": None}, "a.b", MISSING),
])
def test_dotted_paths(data: Any, path: str, want: Any) -> None:
    assert resolve(data, path) == want if want is not MISSING else resolve(data, path) is MISSING


@pytest.mark.parametrize(("specs", "message"), [
    (["sql"], "--map 'sql': write FIELD=PATH, e.g. --map sql=query or --map "
              "question=inputs.question"),
    (["query=sql"], "--map query=sql: 'query' is not a record field; write FIELD=PATH with "
                    "FIELD one of id, question, sql, enriched_question, agent, dialect, "
                    "timestamp, metadata, label (did you mean --map sql=query?)"),
    (["sql=a", "sql=b"], "--map sql=b: 'sql' is mapped twice (also from 'a')"),
    (["sql=a..b"], "--map sql=a..b: 'a..b' has an empty step; write a dotted path such as "
                   "inputs.question"),
])
def test_a_malformed_map_says_what_to_write(specs: list[str], message: str) -> None:
    with pytest.raises(MappingError) as exc:
        FieldMap.parse(specs)
    assert str(exc.value) == message


def test_a_bad_map_on_the_command_line_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "logs.jsonl"
    path.write_text(json.dumps({"question": QUESTION, "sql": SQL}) + "\n")
    code, _, err = stef("eval", str(path), "--map", "query=sql")
    assert code == 2 and err.startswith("stef: error: --map query=sql: 'query' is not a record")


# ---- formats ---------------------------------------------------------------------------------


def test_nested_json_mapped_before_validation_and_named_in_errors(tmp_path: Path) -> None:
    rows = [
        {"trace": "t1", "inputs": {"question": QUESTION}, "outputs": {"query": SQL},
         "review": {"verdict": "correct"}},
        {"trace": "t2", "inputs": {"question": QUESTION}, "outputs": {}},  # no SQL
        {"trace": "t3", "inputs": {"question": QUESTION}, "outputs": {"query": SQL},
         "review": {"verdict": "maybe"}},  # a label that is none
        {"trace": "t4", "inputs": {"question": ["not", "text"]}, "outputs": {"query": SQL}},
    ]
    path = tmp_path / "logs.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    code, results, err = stef("eval", str(path), "--map", "id=trace",
                              "--map", "question=inputs.question", "--map", "sql=outputs.query",
                              "--map", "label=review.verdict")
    assert code == 0, err
    assert [(r["id"], r["status"]) for r in results] == [
        ("t1", "scored"), ("t2", "unscored"), ("t3", "unscored"), ("t4", "unscored")]
    assert results[0]["label"] == 1 and results[0]["question"] == QUESTION
    assert results[1]["error"] == (
        f"input: {path}:2: missing field 'outputs.query' (mapped to 'sql' by --map "
        "sql=outputs.query); the record's fields: trace, inputs, outputs")
    assert results[2]["error"] == (
        f"input: {path}:3: field 'label' (--map label=review.verdict): a label is 1 (correct) "
        "or 0 (incorrect), found 'maybe'")
    assert results[3]["error"].startswith(
        f"input: {path}:4: field 'question' (--map question=inputs.question): ")


def test_csv_columns_and_a_delimiter(tmp_path: Path) -> None:
    path = tmp_path / "export.csv"
    path.write_text(f"request_id|user_question|generated_sql\nr1|{QUESTION}|{SQL}\n")
    code, results, err = stef("eval", str(path), "--delimiter", "|", "--map", "id=request_id",
                              "--map", "question=user_question", "--map", "sql=generated_sql")
    assert code == 0, err
    assert [(r["id"], r["status"]) for r in results] == [("r1", "scored")]
    tsv = tmp_path / "export.csv"
    tsv.write_text(f"id\tquestion\tsql\nr2\t{QUESTION}\t{SQL}\n")
    _, results, _ = stef("eval", str(tsv), "--delimiter", "tab")
    assert [(r["id"], r["status"]) for r in results] == [("r2", "scored")]
    code, _, err = stef("eval", str(tsv), "--delimiter", "ab")
    assert code == 2 and "--delimiter 'ab': give one character" in err


def test_parquet_columns_with_dots_in_their_names(tmp_path: Path) -> None:
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    # the columns Phoenix's get_spans_dataframe() gives, written to Parquet
    frame = pd.DataFrame({"context.span_id": ["s1", "s2"],
                          "attributes.input.value": [json.dumps({"question": QUESTION})] * 2,
                          "attributes.output.value": [SQL, None]})
    path = tmp_path / "spans.parquet"
    frame.to_parquet(path)
    code, results, err = stef("eval", str(path), "--map", "id=context.span_id",
                              "--map", "question=attributes.input.value.question",
                              "--map", "sql=attributes.output.value")
    assert code == 0, err
    assert [(r["id"], r["status"]) for r in results] == [("s1", "scored"), ("s2", "unscored")]
    # present but empty (null): the mapped field is named
    assert results[1]["error"] == (f"input: {path}: row 2: missing required field 'sql' "
                                   "(--map sql=attributes.output.value)")


# ---- trace exports: the recipes of docs/input-output.md -------------------------------------

OPENINFERENCE = ["--map", "id=context.span_id", "--map", "question=attributes.input.value.question",
                 "--map", "agent=attributes.input.value.agent",
                 "--map", "sql=attributes.output.value", "--map", "timestamp=start_time"]


def test_openinference_spans_as_phoenix_exports_them() -> None:
    code, results, err = stef("eval", str(EXAMPLES / "openinference_spans.jsonl"), *OPENINFERENCE)
    assert code == 0, err
    assert len(results) == 4 and {r["status"] for r in results} == {"scored"}
    first = results[0]
    assert first["id"] == "000000000000000a" and first["agent"] == "crm-assistant@2.1"
    assert first["question"] == "How many deals did we win in May 2024?"
    assert first["timestamp"] == "2024-06-03T09:12:04.512Z"
    # 'France' asked, 'Germany' queried: the mapping reached the SQL the agent wrote
    assert "filter.value_mismatch" in {x["code"] for x in results[1]["reasons"]}


def _otlp_text2sql_spans() -> str:
    """What the jq filter of docs/input-output.md gives: the text2sql spans of an OTLP JSON
    export, one a line (the same in Python, for machines without jq)."""
    out = []
    for line in (EXAMPLES / "otlp_traces.json").read_text().splitlines():
        for rs in json.loads(line)["resourceSpans"]:
            for ss in rs["scopeSpans"]:
                out += [json.dumps(s) for s in ss["spans"] if s["name"] == "text2sql"]
    return "\n".join(out) + "\n"


OTLP = ["--map", "id=traceId", "--map", "question=attributes.input.value.question",
        "--map", "sql=attributes.output.value"]


def test_otlp_json_spans_with_attribute_lists() -> None:
    code, results, err = stef("eval", "-", *OTLP, stdin=_otlp_text2sql_spans())
    assert code == 0, err
    assert [r["id"] for r in results] == ["4bf92f3577b34da6a3ce929d0e0e4736",
                                          "a3ce929d0e0e47364bf92f3577b34da6",
                                          "0e0e47364bf92f3577b34da6a3ce929d",
                                          "77b34da6a3ce929d0e0e47364bf92f35"]
    assert all(r["status"] == "scored" for r in results)
    assert results[3]["question"] == "How many meetings did Anna Berg have last week?"


@pytest.mark.skipif(shutil.which("jq") is None, reason="jq is not installed")
def test_the_readme_jq_recipe_gives_the_same_spans() -> None:
    proc = subprocess.run(["jq", "-c", '.resourceSpans[].scopeSpans[].spans[] | '
                                       'select(.name == "text2sql")',
                           str(EXAMPLES / "otlp_traces.json")],
                          capture_output=True, text=True, check=True)
    assert [json.loads(x) for x in proc.stdout.splitlines()] == [
        json.loads(x) for x in _otlp_text2sql_spans().splitlines()]


def test_rules_suggest_reads_mapped_logs_too(tmp_path: Path) -> None:
    crm = EXAMPLES / "crm_log.jsonl"
    path = tmp_path / "renamed.jsonl"
    path.write_text("".join(
        json.dumps({"request": {"text": r["question"]}, "query": r["sql"]}) + "\n"
        for r in map(json.loads, crm.read_text().splitlines())))
    code, _, err = stef("rules", "suggest", str(path), "--map", "question=request.text",
                        "--map", "sql=query")
    assert code == 0, err
    assert err.startswith("8 statements proposed from 40 records")


def _readme_commands(section: str) -> list[str]:
    page = (EXAMPLES.parent / "docs" / "input-output.md").read_text(encoding="utf-8")
    body = page.split(f"### {section}\n", 1)[1].split("\n#", 1)[0]
    return [block.split("\n", 1)[0] for block in body.split("```bash\n")[1:]]


def test_the_readme_layout_commands_run_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = _readme_commands("Any log layout")
    monkeypatch.chdir(EXAMPLES.parent)
    argv = shlex.split(first)
    assert argv[:2] == ["stef", "eval"]
    code, results, err = stef(*argv[1:])
    assert code == 0, err
    assert [r["status"] for r in results] == ["scored"] * 4
    if shutil.which("jq") is None:
        pytest.skip("jq is not installed")
    piped = second.replace("| stef ", f"| {sys.executable} -m stef_core ")
    proc = subprocess.run(["bash", "-o", "pipefail", "-c", piped], capture_output=True,
                          text=True, cwd=EXAMPLES.parent, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert lines[0]["id"] == "4bf92f3577b34da6a3ce929d0e0e4736"
    assert {r["status"] for r in lines} == {"scored"} and len(lines) == 4
