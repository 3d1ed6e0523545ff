"""Nothing a user types destroys data (issue 21, item 1), and a file that cannot be written is a
message, never a traceback (item 7).

Reproducers: `stef eval x.jsonl -o x.jsonl` emptied the input and exited 0 (also through a
symlink, a hard link, `./././x.jsonl`, and for .csv); `-o runs.sqlite --store runs.sqlite`
overwrote the run history; `stef calibrate R -o R`, `stef rules compile s.stef -o s.stef`,
`stef rules suggest L -o L`, `stef report R --html R`, `stef compare A B --json A`,
`--summary-json INPUT` and `-o RULES.stef` did the same to their inputs; `-o DIR`,
`-o /dev/full`, a closed stdout and `stef calibrate -o DIR` (after the whole fit) gave
tracebacks.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from stef_core.files import OutputError, atomic_write, check_outputs, write_text

OK = {"question": "How many users are active?",
      "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"}
RULES = Path(__file__).parents[2] / "rulesets"


def stef(*args: str) -> tuple[int, str]:
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    res = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return res.exit_code, res.stderr


def records(path: Path, n: int = 3, label: bool = False) -> Path:
    rows = [{**OK, "id": f"r{i}", **({"label": i % 2} if label else {})} for i in range(n)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def results(tmp_path: Path, name: str = "res.jsonl") -> Path:
    src = records(tmp_path / "in-for-results.jsonl")
    out = tmp_path / name
    assert stef("eval", str(src), "-o", str(out), "--no-progress")[0] == 0
    return out


def destroyed(message: str, output: str, given: str) -> str:
    return (f"stef: error: {output}: is {given} (the same file); writing it would destroy it: "
            "give another path\n")


# ---- an output that is one of the inputs, by any spelling -----------------------------------


@pytest.mark.parametrize("spelling", ["same", "dots", "symlink", "hardlink", "csv"])
def test_eval_refuses_to_write_over_its_input_however_it_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spelling: str) -> None:
    monkeypatch.chdir(tmp_path)
    src = records(tmp_path / "x.jsonl")
    if spelling == "csv":
        src.unlink()
        src = tmp_path / "x.csv"
        src.write_text("question,sql\nHow many users?,SELECT COUNT(*) FROM users\n")
    before = src.read_bytes()
    out = {"same": src.name, "dots": f"./././{src.name}", "csv": src.name,
           "symlink": "link.jsonl", "hardlink": "hard.jsonl"}[spelling]
    if spelling == "symlink":
        os.symlink(src.name, out)
    if spelling == "hardlink":
        os.link(src.name, out)
    code, err = stef("eval", src.name, "-o", out, "--no-progress")
    assert (code, err) == (2, destroyed(err, f"-o {out}", f"the input {src.name}"))
    assert src.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        {src.name, out} if spelling in ("symlink", "hardlink") else {src.name})


def _case(tmp_path: Path, name: str) -> tuple[list[str], str, Path]:
    """A command, the whole message it must print, and the file it must leave untouched."""
    src = records(tmp_path / "in.jsonl")
    if name == "summary-json":
        return ["eval", str(src), "--summary-json", str(src)], \
            destroyed("", f"--summary-json {src}", f"the input {src}"), src
    if name == "store-is-output":
        store = tmp_path / "runs.sqlite"
        assert stef("eval", str(src), "-o", str(tmp_path / "a.jsonl"), "--store",
                    str(store))[0] == 0
        return ["eval", str(src), "-o", str(store), "--store", str(store)], \
            (f"stef: error: --store {store}: is also -o {store} (the same file); give each "
             "output its own path\n"), store
    if name in ("rules", "include"):
        folder = tmp_path / "rs"
        shutil.copytree(RULES, folder)
        rules = folder / "support_desk.stef"
        target = folder / "shared" / "tenancy.stef" if name == "include" else rules
        return ["eval", str(src), "--rules", str(rules), "-o", str(target)], \
            destroyed("", f"-o {target}", f"the rules {target}"), target
    if name == "calibration":
        cal = tmp_path / "cal.json"
        shutil.copy(Path(__file__).parents[2] / "plugins" / "stef_judges" / "calibration"
                    / "offline-v1.json", cal)
        return ["eval", str(src), "--calibration", str(cal), "-o", str(cal)], \
            destroyed("", f"-o {cal}", f"the calibration {cal}"), cal
    if name == "calibrate":
        reviewed = records(tmp_path / "reviewed.jsonl", 12, label=True)
        return ["calibrate", str(reviewed), "-o", str(reviewed)], \
            destroyed("", f"-o {reviewed}", f"the input {reviewed}"), reviewed
    if name == "rules-compile":
        folder = tmp_path / "rs"
        shutil.copytree(RULES, folder)
        rules = folder / "support_desk.stef"
        return ["rules", "compile", str(rules), "-o", str(rules)], \
            destroyed("", f"-o {rules}", f"the ruleset {rules}"), rules
    if name == "rules-suggest":
        return ["rules", "suggest", str(src), "-o", str(src)], \
            destroyed("", f"-o {src}", f"the input {src}"), src
    res = results(tmp_path)
    if name == "report":
        return ["report", str(res), "--html", str(res)], \
            destroyed("", f"--html {res}", f"the results file {res}"), res
    assert name == "compare"
    other = results(tmp_path, "other.jsonl")
    return ["compare", str(res), str(other), "--json", str(res)], \
        destroyed("", f"--json {res}", f"BASE {res}"), res


@pytest.mark.parametrize("name", ["summary-json", "store-is-output", "rules", "include",
                                  "calibration", "calibrate", "rules-compile", "rules-suggest",
                                  "report", "compare"])
def test_every_writer_refuses_an_output_that_is_one_of_its_inputs(tmp_path: Path,
                                                                  name: str) -> None:
    args, message, kept = _case(tmp_path, name)
    before = kept.read_bytes()
    code, err = stef(*args)
    assert (code, err) == (2, message)
    assert kept.read_bytes() == before


# ---- whole or not at all ----------------------------------------------------------------


def test_an_interrupted_write_leaves_the_previous_file_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    target.write_text("the good report")
    target.chmod(0o640)
    with pytest.raises(KeyboardInterrupt), atomic_write(str(target)) as fh:
        fh.write("half of a new rep")
        raise KeyboardInterrupt
    assert target.read_text() == "the good report"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]  # no temporary file left
    write_text(str(target), "the new report")
    assert target.read_text() == "the new report"
    assert target.stat().st_mode & 0o777 == 0o640  # its permissions are kept


def test_through_a_symlink_the_file_it_names_is_replaced_and_the_link_kept(
        tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "summary.json"
    real.write_text("old")
    link = tmp_path / "summary.json"
    link.symlink_to(real)
    write_text(str(link), "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_two_outputs_on_one_file_are_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputError) as caught:
        check_outputs([("--html", str(tmp_path / "r.out")), ("--json", str(tmp_path / "r.out"))])
    assert str(caught.value) == (f"--json {tmp_path}/r.out: is also --html {tmp_path}/r.out (the "
                                 "same file); give each output its own path")


# ---- what cannot be written: a message, never a traceback ---------------------------------


@pytest.mark.parametrize("command", ["eval", "calibrate", "report"])
def test_a_folder_as_output_is_refused_before_any_work(tmp_path: Path, command: str) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    if command == "eval":
        args = ["eval", str(records(tmp_path / "in.jsonl")), "-o", str(folder)]
        flag = "-o"
    elif command == "calibrate":
        # 3 reviewed records are too few to fit: the folder must be said first, before the fit
        args = ["calibrate", str(records(tmp_path / "in.jsonl", 3, label=True)), "-o",
                str(folder)]
        flag = "-o"
    else:
        args = ["report", str(results(tmp_path)), "--html", str(folder)]
        flag = "--html"
    code, err = stef(*args)
    assert (code, err) == (2, f"stef: error: {flag} {folder}: is a folder; give a file path\n")


def test_an_output_in_a_folder_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    code, err = stef("eval", str(records(tmp_path / "in.jsonl")), "-o",
                     str(tmp_path / "no" / "out.jsonl"))
    assert (code, err) == (2, f"stef: error: -o {tmp_path}/no/out.jsonl: the folder "
                              f"{tmp_path}/no does not exist; create it first\n")


def _stef_process(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stef_core", *args], capture_output=True,
                          text=True, timeout=300, check=False, **kw)  # type: ignore[call-overload]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("how", ["-o", "stdout", "report"])
def test_a_full_disk_is_one_line_and_exit_2(tmp_path: Path, how: str) -> None:
    src = records(tmp_path / "in.jsonl")
    if how == "-o":
        proc = _stef_process("eval", str(src), "-o", "/dev/full", "--no-progress")
        expected = "stef: error: -o /dev/full: cannot be written: No space left on device\n"
    else:
        args = (["eval", str(src), "--no-progress"] if how == "stdout"
                else ["report", str(results(tmp_path))])
        with open("/dev/full", "w") as full:
            proc = subprocess.run([sys.executable, "-m", "stef_core", *args], stdout=full,
                                  stderr=subprocess.PIPE, text=True, timeout=300, check=False)
        expected = ("stef: error: the standard output cannot be written: No space left on "
                    "device\n")
    assert (proc.returncode, proc.stderr[-len(expected):]) == (2, expected)
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr


def test_a_closed_standard_output_is_said_not_a_traceback(tmp_path: Path) -> None:
    src = records(tmp_path / "in.jsonl")
    close_stdout: Callable[[], None] = lambda: os.close(1)  # noqa: E731
    proc = _stef_process("eval", str(src), "--no-progress", preexec_fn=close_stdout)
    assert (proc.returncode, proc.stderr) == (
        2, "stef: error: the standard output is closed; give -o OUT.jsonl\n")


def test_file_names_in_messages_are_escaped(tmp_path: Path) -> None:
    name = str(tmp_path / "logs\x1b]0;owned\x07\x1b[2J.jsonl")
    code, err = stef("eval", name)
    assert (code, err) == (2, f"stef: error: {tmp_path}/logs\\x1b]0;owned\\x07\\x1b[2J.jsonl: no "
                              "such file\n")


def test_stef_docs_writes_its_page_whole_and_says_where_it_cannot(tmp_path: Path) -> None:
    # `stef docs -o` opened its output directly: a folder or a missing folder was an OS
    # message without the option, /dev/full was blamed on the standard output, and a page
    # cut by an error replaced the previous one.
    page = tmp_path / "plugins.md"
    page.write_text("the previous page\n")
    (tmp_path / "DIR").mkdir()
    assert stef("docs", "-o", str(tmp_path / "DIR")) == (
        2, f"stef: error: -o {tmp_path}/DIR: is a folder; give a file path\n")
    code, _ = stef("docs", "--format", "markdown", "-o", str(page))
    assert code == 0 and page.read_text().startswith("#")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    if Path("/dev/full").exists():
        proc = _stef_process("docs", "-o", "/dev/full")
        assert (proc.returncode, proc.stderr) == (
            2, "stef: error: -o /dev/full: cannot be written: No space left on device\n")


class _InterruptedSerializer:
    """A result whose serializer was interrupted: what pydantic raises when Ctrl-C lands inside
    one of a model's serializer functions (it wraps the KeyboardInterrupt, keeping no cause)."""

    def model_dump_json(self, **_: object) -> str:
        from pydantic_core import PydanticSerializationError

        raise PydanticSerializationError(
            "Error calling function `_drop_empty_usage`: KeyboardInterrupt: ")


class _BrokenSerializer:
    def model_dump_json(self, **_: object) -> str:
        from pydantic_core import PydanticSerializationError

        raise PydanticSerializationError("Error calling function `x`: ValueError: bad")


def test_an_interrupt_inside_a_serializer_is_an_interrupt() -> None:
    from stef_core.io import result_json

    with pytest.raises(KeyboardInterrupt):
        result_json(_InterruptedSerializer())  # type: ignore[arg-type]


def test_other_serialization_errors_are_not_interrupts() -> None:
    from pydantic_core import PydanticSerializationError

    from stef_core.io import result_json

    with pytest.raises(PydanticSerializationError):
        result_json(_BrokenSerializer())  # type: ignore[arg-type]
