"""The run history: eval --store, runs list/show, compare by run id, schema migration."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from stef_core.io import result_json
from stef_core.monitor.store import (
    SCHEMA_VERSION,
    Store,
    StoreError,
    _v0_to_v1,
    _v1_to_v2,
    migrate,
)

from .helpers import result, run

RECORDS = [
    {"id": "q1", "question": "How many users are active?",
     "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'", "agent": "a"},
    {"id": "q2", "question": "Average price of products",
     "sql": "SELECT AVG(price) FROM products", "agent": "a"},
    {"id": "q3", "question": "List customers in Paris", "sql": "SELECT x FROM", "agent": "b"},
]


def test_eval_records_runs_that_list_show_and_compare_use(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    db = str(tmp_path / "runs.sqlite")
    first = run("eval", str(src), "-o", str(tmp_path / "o1.jsonl"), "--store", db)
    assert first.exit_code == 0, first.output
    assert f"recorded as run 1 in {db}" in first.stderr
    # the environment variable is the default
    second = run("eval", str(src), "-o", str(tmp_path / "o2.jsonl"), env={"STEF_STORE": db})
    assert second.exit_code == 0 and "recorded as run 2" in second.stderr

    with Store(db) as st:
        runs = st.list_runs()
        assert [(r.id, r.status, r.records, r.scored) for r in runs] == [
            (1, "complete", 3, 2), (2, "complete", 3, 2)]
        info = runs[0]
        assert info.judge == "offline" and len(info.rules_hash or "") == 16
        assert "offline" in info.plugins["judge"] and info.inputs == [str(src.resolve())]
        stored = list(st.iter_results(1))
        assert [(r.id, q) for r, q in stored] == [
            ("q1", RECORDS[0]["question"]), ("q2", RECORDS[1]["question"]),
            ("q3", RECORDS[2]["question"])]
        assert stored[2][0].status == "unscored"
    # the stored results are the JSONL lines eval wrote
    lines = [json.loads(x) for x in (tmp_path / "o1.jsonl").read_text().splitlines()]
    assert [json.loads(result_json(r)) for r, _ in stored] == lines

    out = run("runs", "list", "--store", db)
    assert out.exit_code == 0 and "complete" in out.stdout and "offline" in out.stdout
    out = run("runs", "show", "1", "--store", db, "--json")
    shown = json.loads(out.stdout)
    assert shown["run"]["id"] == 1 and shown["summary"]["overall"]["records"] == 3
    out = run("runs", "show", "1", "--store", db)
    assert "judge: offline" in out.stdout and "STEF summary" in out.stdout
    # the ruleset by name and version, with the hash that identifies it exactly
    assert f"ruleset: default v1 (hash {info.rules_hash})" in out.stdout
    assert shown["run"]["rules_name"] == "default" and shown["run"]["rules_version"] == "1"
    crm = tmp_path / "crm.stef"
    crm.write_text('ruleset "crm" version 3\nbenign filter tenant_id = *\n')
    out = run("eval", str(src), "-o", str(tmp_path / "o3.jsonl"), "--store", db,
              "--rules", str(crm))
    assert out.exit_code == 0, out.output
    out = run("runs", "show", "3", "--store", db)
    assert "ruleset: crm v3 (hash " in out.stdout
    out = run("runs", "list", "--store", db)
    assert "crm v3" in out.stdout and "default v1" in out.stdout
    js = tmp_path / "c.json"
    out = run("compare", "1", "2", "--store", db, "--json", str(js))
    assert out.exit_code == 0, out.output
    a = json.loads(js.read_text())["agents"]["a"]
    # q1 and q2 pair by id; too few pairs (< 10) for the paired analysis to lead
    assert a["paired"]["pairs"] == 2 and a["analysis"] == "unpaired" and a["change"] == 0.0

    out = run("runs", "show", "9", "--store", db)
    assert out.exit_code == 2 and "no run with id '9'; known ids: 1, 2" in out.stderr
    out = run("runs", "list")
    assert out.exit_code == 2 and "give --store PATH or set STEF_STORE" in out.stderr


def test_migrates_a_version_1_store(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    _v0_to_v1(db)  # the schema as version 1 created it
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO runs (started, inputs, rules_hash, judge, plugins) VALUES "
               "('2026-01-01T00:00:00+00:00', '[\"in.jsonl\"]', 'abc', 'offline', '{}')")
    r = result("1", "a", 85.0)
    db.execute("INSERT INTO results (run_id, seq, id, agent, status, score, result) VALUES "
               "(1, 1, '1', 'a', 'scored', 85.0, ?)", (r.model_dump_json(),))
    db.commit()
    db.close()
    with Store(str(path)) as st:
        version = st.db.execute("PRAGMA user_version").fetchone()[0]
        assert version == SCHEMA_VERSION == 5
        [info] = st.list_runs()
        assert (info.status, info.records, info.mean, info.finished) == ("complete", 1, 85.0, None)
        # a run recorded before v5 has no ruleset name: it is named by its hash
        assert (info.rules_name, info.ruleset) == (None, "hash abc")
        assert list(st.iter_results(1)) == [(r, None)]
        cols = {row[1] for row in st.db.execute("PRAGMA table_info(results)")}
        assert "question" in cols


def test_migrates_a_version_2_store_filling_in_gamma_and_labels(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite"
    db = sqlite3.connect(path)
    _v0_to_v1(db)
    _v1_to_v2(db)
    db.execute("PRAGMA user_version = 2")
    db.execute("INSERT INTO runs (started, inputs, rules_hash, judge, plugins) VALUES "
               "('2026-01-01T00:00:00+00:00', '[]', 'abc', 'offline', '{}')")
    stored = [
        result("1", "a", 80.0).model_copy(update={"confidence": 0.8, "label": 1}),
        result("2", "a", 40.0).model_copy(update={"confidence": 0.4}),
        result("3", "a", None),
    ]
    for seq, r in enumerate(stored, start=1):
        db.execute("INSERT INTO results (run_id, seq, id, agent, status, score, result) VALUES "
                   "(1, ?, ?, 'a', ?, ?, ?)", (seq, r.id, r.status, r.score,
                                                r.model_dump_json()))
    db.commit()
    db.close()
    with Store(str(path)) as st:
        assert st.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        rows = st.db.execute("SELECT id, confidence, label FROM results ORDER BY seq").fetchall()
        assert rows == [("1", 0.8, 1), ("2", 0.4, None), ("3", None, None)]
        [info] = st.list_runs()
        assert info.estimated_accuracy == 0.6 and info.mean == 60.0


def test_fresh_and_migrated_schemas_are_identical(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.sqlite"
    Store(str(fresh)).close()
    old = sqlite3.connect(tmp_path / "old.sqlite")
    _v0_to_v1(old)
    old.execute("PRAGMA user_version = 1")
    assert migrate(old) == 1

    def schema(db: sqlite3.Connection) -> list[tuple[str, str]]:
        return db.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()

    assert schema(sqlite3.connect(fresh)) == schema(old)


def test_refuses_newer_and_foreign_files(tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite"
    db = sqlite3.connect(newer)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(StoreError, match="schema version 99 is newer than this STEF knows"):
        Store(str(newer))
    foreign = tmp_path / "foreign.sqlite"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE t (x)")
    db.close()
    with pytest.raises(StoreError, match="not a STEF run store"):
        Store(str(foreign))
    text = tmp_path / "text.sqlite"
    text.write_text("hello, not a database " * 100)
    with pytest.raises(StoreError, match="not a STEF run store"):
        Store(str(text))


def test_a_flush_repeated_after_its_commit_writes_each_result_once(tmp_path: Path) -> None:
    # Ctrl-C can land after a flush committed and before its rows left the buffer; the final
    # flush then sees them again and must neither fail nor write them twice.
    with Store(str(tmp_path / "runs.sqlite")) as store:
        writer = store.begin_run(inputs=["in.jsonl"], rules_hash="h", judge="offline",
                                 plugins={}, output=None, stef_version="0")
        writer.add(result("q1", "a", 80.0))
        writer.batch = 10  # keep q2 pending, then commit it
        writer.add(result("q2", "a", 70.0))
        pending = list(writer._pending)
        writer.flush()
        writer._pending = pending  # as if interrupted before the buffer was cleared
        writer.finish("interrupted")
        rows = [r.id for r, _ in store.iter_results(writer.run_id)]
        assert rows == ["q1", "q2"]
        assert store.get_run(writer.run_id).status == "interrupted"
