"""A first run just works: the README's two commands are what CI runs, in venvs that see nothing
of the base Python, and plugin authors get the test tools from one extra (issue 16)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
CI = ROOT / ".ci" / "run"


def _readme_commands() -> list[str]:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    return [lines[i + 1] for i, line in enumerate(lines) if line == "```bash"][:2]


def test_the_readme_starts_with_the_two_commands() -> None:
    setup, tests = _readme_commands()
    assert setup == ("python3 -m venv .venv && . .venv/bin/activate && pip install . && "
                     "stef eval examples/support_desk.jsonl")
    assert tests == ("python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' "
                     "&& python -m pytest")


def test_ci_runs_exactly_the_readme_commands_in_isolated_venvs() -> None:
    script = CI.read_text(encoding="utf-8")
    assert "--system-site-packages" not in script.replace("(no\n# --system-site-packages)", "")
    # the script's own extraction gives the README's commands, character for character
    func = script[script.index("readme_command() {"):script.index("setup=")]
    out = subprocess.run(["bash", "-c", func + "readme_command 1; readme_command 2"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out == _readme_commands()
    assert 'bash -euo pipefail -c "$setup"' in script and 'bash -euo pipefail -c "$tests"' in script


def test_the_testing_extra_gives_plugin_authors_pytest_and_hypothesis() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    testing = project["optional-dependencies"]["testing"]
    assert {req.split(">")[0] for req in testing} == {"pytest", "hypothesis"}
    # the throwaway venv of the example-install test builds offline with these
    assert any(req.startswith("hatchling") for req in project["optional-dependencies"]["test"])


def test_strategies_without_hypothesis_name_the_extra() -> None:
    code = ("import sys; sys.modules['hypothesis'] = None\n"
            "try:\n    import stef_core.testing.strategies\n"
            "except ImportError as exc:\n    print(exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout
    assert "pip install 'stef[testing]'" in out
