"""The architecture holds: the import contracts of pyproject.toml ([tool.importlinter]) are
kept. The core imports no plugin and no LLM library, plugins import only the core and their
own package, and only the LLM judge's client imports litellm (CI runs only pytest, so the
contracts are checked here)."""

from __future__ import annotations

from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[2]


def test_import_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    code = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True,
                        no_logo=True)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "4 kept, 0 broken" in out


def test_a_broken_contract_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The linter reads the real import graph: a contract the code breaks (the aligner does
    import the core) is reported, with the import that breaks it."""
    config = tmp_path / "pyproject.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["stef_core", "stef_align"]\n\n'
        '[[tool.importlinter.contracts]]\nname = "aligner without core"\ntype = "forbidden"\n'
        'source_modules = ["stef_align"]\nforbidden_modules = ["stef_core"]\n',
        encoding="utf-8")
    code = lint_imports(config_filename=str(config), no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert code != 0
    assert "aligner without core BROKEN" in out and "stef_align." in out
