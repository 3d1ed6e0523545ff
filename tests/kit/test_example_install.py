"""The example plugin distribution installs and works like any third-party plugin.

Slow (about 10-20 s): builds and installs plugins/stef_example_enterprise into a throwaway
virtualenv. The throwaway venv sees the packages of the interpreter running the tests (the
README's ``.venv``, through a ``.pth`` file), not the base Python's: ``--system-site-packages``
would expose the base Python, which on a fresh machine lacks hatchling. STEF, pip and hatchling
come from ``.venv``, and the install is offline (``--no-deps --no-build-isolation``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "plugins" / "stef_example_enterprise"

pytestmark = pytest.mark.slow


def _run(args: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INDEX"] = "1"  # never the network
    return subprocess.run(args, capture_output=True, text=True, env=env, timeout=300,
                          check=False, **kw)  # type: ignore[call-overload]


@pytest.fixture(scope="module")
def python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("hatchling")
    where = tmp_path_factory.mktemp("venv")
    venv.create(where, system_site_packages=False, with_pip=False)
    exe = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    # Our site-packages, added with site.addsitedir so that their own .pth files (the editable
    # install of STEF) are read too; the throwaway venv's own site-packages stays first.
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    theirs = subprocess.run([str(exe), "-c", "import sysconfig; print(sysconfig.get_paths()"
                             "['purelib'])"], capture_output=True, text=True, check=True)
    (Path(theirs.stdout.strip()) / "_stef_test_parent.pth").write_text(
        "".join(f"import site; site.addsitedir({p!r})\n" for p in sorted(ours)),
        encoding="utf-8")
    # Our pip, run by the venv's interpreter, installs into the venv.
    proc = _run([str(exe), "-m", "pip", "install", "--no-deps", "--no-build-isolation",
                 "--no-index", "-q", str(EXAMPLE)], cwd=where)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return exe


def _stef(python: Path, *args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return _run([str(python), "-c", "from stef_core.cli import main; main()", *args], **kw)


def test_installed_plugins_are_listed_by_distribution(python: Path) -> None:
    proc = _stef(python, "plugins")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    [rule] = [ln for ln in lines if ln.strip().startswith("fiscal_quarter ")]
    [judge] = [ln for ln in lines if ln.strip().startswith("policy ")]
    for line in (rule, judge):
        assert "stef-example-enterprise 0.1.0" in line
    assert "fiscal quarter in the question" in rule
    assert "stef-example-enterprise" not in proc.stderr


def test_eval_with_the_policy_judge(python: Path, tmp_path: Path) -> None:
    records = tmp_path / "in.jsonl"
    records.write_text("\n".join(json.dumps(r) for r in [
        {"id": "pay", "question": "Average salary?", "sql": "SELECT AVG(amount) FROM salaries"},
        {"id": "ok", "question": "How many users are active?",
         "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"},
        {"id": "q3", "question": "Revenue in Q3 2024?",
         "sql": "SELECT SUM(amount) FROM orders WHERE d BETWEEN '2024-07-01' AND '2024-09-30'"},
    ]) + "\n", encoding="utf-8")
    proc = _stef(python, "eval", str(records), "--judge", "policy:salaries", "--no-progress")
    assert proc.returncode == 0, proc.stderr
    results = {r["id"]: r for r in map(json.loads, proc.stdout.splitlines())}
    assert results["pay"]["verdict"]["label"] == "incorrect"
    assert results["pay"]["verdict"]["confidence"] == 1.0
    assert results["ok"]["verdict"]["judge"] == "policy>offline"
    assert results["ok"]["score"] == 100.0
    assert "fiscal_quarter" in results["q3"]["normalizations"]
    assert results["q3"]["filter_alignment"]["status"] == "fully_applied"


def test_the_throwaway_venv_sees_our_packages_not_the_base_pythons(python: Path) -> None:
    import sys

    code = "import hatchling, stef_core, sys; print(stef_core.__file__); print(sys.path)"
    proc = _run([str(python), "-c", code])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0].startswith(str(ROOT))  # this checkout's STEF
    base = sysconfig.get_paths(vars={"base": sys.base_prefix, "platbase": sys.base_prefix})
    if sys.prefix != sys.base_prefix:  # run from a venv: the base Python stays out of sight
        assert base["purelib"] not in proc.stdout.splitlines()[1]


def test_the_example_is_not_installed_in_this_interpreter() -> None:
    # The venv is throwaway: the machine's own registry must not have gained the plugin.
    from stef_core.registry import Registry

    assert "policy" not in Registry.discover().plugins("judge")
