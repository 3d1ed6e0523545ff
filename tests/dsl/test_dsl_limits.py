"""Hostile rulesets (issue 16, rules): includes that are not rulesets, FIFOs and devices, include
graphs that would blow up, SQL nested past the parser's stack, very large vocabularies. Each
gives a clear error (or a result) and never hangs, echoes a foreign file or raises a traceback.

Big inputs are generated in ``tmp_path``; speed itself is measured in
``benchmarks/rules_scale.py``, not asserted here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stef_core.dsl import compile_file, compile_text
from stef_core.dsl import compiler as compiler_module
from stef_core.rules import RulesError, load_rules

SECRET = "SECRET-LINE-never-to-be-echoed"


def stef(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # A timeout turns a hang (a FIFO read, /dev/zero) into a failure instead of a stuck run.
    return subprocess.run([sys.executable, "-m", "stef_core", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=60, check=False)


def _errors(path: Path) -> str:
    with pytest.raises(RulesError) as info:
        compile_file(path, rule_ids=())
    return "\n".join(info.value.messages)


def test_include_through_a_symlink_to_a_foreign_file_echoes_nothing(tmp_path: Path) -> None:
    (tmp_path / "passwd").write_text(f"root:x:0:0:root:/root:/bin/bash\n{SECRET}\n")
    (tmp_path / "link.stef").symlink_to(tmp_path / "passwd")
    (tmp_path / "named.stef").write_text(f"root:x:0:0\n{SECRET}\n")
    main = tmp_path / "main.stef"
    main.write_text('ruleset "m"\ninclude "link.stef"\ninclude "named.stef"\n')
    text = _errors(main)
    assert SECRET not in text and "root:" not in text
    assert "cannot include 'link.stef': it links to a file that is not a .stef ruleset" in text
    assert "cannot include 'named.stef': not a STEF ruleset" in text


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_include_and_fifo_ruleset_do_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.stef")
    (tmp_path / "main.stef").write_text('ruleset "m"\ninclude "pipe.stef"\n')
    proc = stef("rules", "check", "main.stef", "pipe.stef", cwd=tmp_path)
    assert proc.returncode == 2
    assert "main.stef:2:9: cannot include 'pipe.stef': not a regular file" in proc.stderr
    assert "pipe.stef: cannot read: not a regular file" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_is_refused_before_it_is_read(tmp_path: Path) -> None:
    (tmp_path / "zero.stef").symlink_to("/dev/zero")
    (tmp_path / "main.stef").write_text('ruleset "m"\ninclude "zero.stef"\n')
    (tmp_path / "rules.json").symlink_to("/dev/zero")
    proc = stef("rules", "check", "main.stef", "zero.stef", "rules.json", cwd=tmp_path)
    assert proc.returncode == 2
    assert "cannot include 'zero.stef': it links to a file that is not a .stef ruleset" \
        in proc.stderr
    assert "zero.stef: cannot read: not a regular file" in proc.stderr
    assert "rules.json: cannot read: not a regular file" in proc.stderr


def test_oversized_include_is_refused_without_reading_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compiler_module, "MAX_RULES_BYTES", 100)
    (tmp_path / "big.stef").write_text('ruleset "big"\n' + "note \"x\"\n" * 50)
    (tmp_path / "main.stef").write_text('ruleset "m"\ninclude "big.stef"\n')
    assert "cannot include 'big.stef': larger than" in _errors(tmp_path / "main.stef")


def test_each_file_of_a_diamond_include_graph_is_compiled_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 25 files, each including the next twice: 2**24 applications if nothing bounds the work.
    for i in range(25):
        nxt = f'include "f{i + 1}.stef"\ninclude "f{i + 1}.stef"\n' if i < 24 else ""
        (tmp_path / f"f{i}.stef").write_text(f'ruleset "f{i}"\n{nxt}note "n{i}"\n')
    reads: list[str] = []
    real = compiler_module.read_rules_text

    def counting(path: Path) -> str:
        reads.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(compiler_module, "read_rules_text", counting)
    ruleset = compile_file(tmp_path / "f0.stef", rule_ids=())
    assert sorted(reads) == sorted(f"f{i}.stef" for i in range(25))  # each file read once
    assert ruleset.notes == [f"n{i}" for i in range(24, -1, -1)]


def test_a_file_included_twice_applies_at_its_first_include(tmp_path: Path) -> None:
    (tmp_path / "guard.stef").write_text('ruleset "g"\nlimit guard >= 10\n')
    main = tmp_path / "main.stef"
    main.write_text('ruleset "m"\ninclude "guard.stef"\nlimit guard >= 5\n'
                    'include "guard.stef"\n')
    assert compile_file(main, rule_ids=()).limit_guard == 5


def test_cycles_are_still_errors_with_once_only_includes(tmp_path: Path) -> None:
    (tmp_path / "a.stef").write_text('ruleset "a"\ninclude "b.stef"\n')
    (tmp_path / "b.stef").write_text('ruleset "b"\ninclude "a.stef"\n')
    assert "include cycle: a.stef -> b.stef -> a.stef" in _errors(tmp_path / "a.stef")


def test_fifty_nested_parentheses_give_a_located_error_not_a_recursion_error(
    tmp_path: Path,
) -> None:
    deep = "(" * 50 + "x" + ")" * 50
    (tmp_path / "deep.stef").write_text(f'ruleset "d"\nterm "deep" = {deep}\n')
    (tmp_path / "deep.json").write_text(json.dumps({"predicates": {"deep": deep}}))
    proc = stef("rules", "check", "deep.stef", "deep.json", cwd=tmp_path)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "RecursionError" not in proc.stderr
    assert proc.stderr.startswith(
        "deep.stef:2:47: term SQL is nested too deeply: more than 32 levels of parentheses\n")
    assert ("deep.json: $.predicates.deep: does not parse: nested too deeply: more than 32 "
            "levels of parentheses") in proc.stderr


def test_fifty_thousand_synonym_lines_compile(tmp_path: Path) -> None:
    lines = [f'synonym col{i % 500} = word{i}, "phrase {i}"' for i in range(50_000)]
    path = tmp_path / "big.stef"
    path.write_text('ruleset "big"\n' + "\n".join(lines) + "\n")
    ruleset = compile_file(path, rule_ids=())
    assert len(ruleset.synonyms) == 500
    assert sum(len(w) for w in ruleset.synonyms.values()) == 100_000
    assert ruleset.synonyms["col7"][:2] == ["word7", "phrase 7"]


def test_root_file_must_be_a_regular_file(tmp_path: Path) -> None:
    (tmp_path / "dir.stef").mkdir()
    with pytest.raises(RulesError, match=r"dir\.stef: cannot read: not a regular file"):
        load_rules(tmp_path / "dir.stef")


def test_compile_text_needs_no_file() -> None:
    assert compile_text('ruleset "t"\nvalues s = a', "t.stef").categories["s"].values == ["a"]
