"""Third-party plugins enter through the ``stef`` entry-point group like the built-ins.

Each test writes a fake installed distribution (``<name>-<version>.dist-info`` with METADATA
and entry_points.txt, plus its package) into a temporary folder and puts that folder on the
path: ``importlib.metadata`` finds it exactly as it finds a pip-installed one, offline and in
milliseconds.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from stef_core.cli import cli
from stef_core.cli import commands as _commands  # noqa: F401  (registers the subcommands)
from stef_core.engine import Engine
from stef_core.registry import PluginError, Registry

RULE = '''
"""Acme's rule module."""
from stef_core import hookimpl
from stef_core.contracts import Context, Normalizer


class {cls}(Normalizer):
    """Upper-cases nothing; exists to be discovered."""

    id = "{rule_id}"

    def apply(self, ctx: Context) -> Context:
        return ctx


@hookimpl
def stef_register_normalizers():
    return [{cls}]
'''


def write_dist(site: Path, dist: str, version: str, package: str,
               modules: dict[str, str]) -> None:
    """A fake installed distribution: ``package`` with ``modules``, one entry point each."""
    pkg = site / package
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    for name, source in modules.items():
        (pkg / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    info = site / f"{dist.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[stef]\n" + "".join(f"{name} = {package}.{name}\n" for name in modules),
        encoding="utf-8")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path whose distributions are visible to importlib.metadata."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    before = set(sys.modules)
    yield folder
    for name in set(sys.modules) - before:  # the fake packages must not leak into other tests
        if name.startswith(("acme_", "other_")):
            del sys.modules[name]


def acme(site: Path) -> None:
    write_dist(site, "acme-stef", "1.2.0", "acme_stef_plugin", {
        "upper_rule": RULE.format(cls="AcmeUpper", rule_id="acme_upper"),
        "broken": "raise ImportError('acme needs the acme_sdk package')\n",
    })


def test_third_party_rule_is_discovered_with_its_distribution(site: Path) -> None:
    acme(site)
    registry = Registry.discover()
    found = registry.plugins("normalizer")
    assert found["acme_upper"].distribution == "acme-stef"
    assert found["acme_upper"].dist_version == "1.2.0"
    assert found["acme_upper"].provider == "upper_rule"
    assert "limit_tolerance" in found  # the built-ins still load next to it
    assert "acme_upper" in registry.rule_ids()
    assert Engine(registry=registry).normalizers  # and the engine runs with it


def test_broken_plugin_is_reported_by_name_and_skipped(site: Path) -> None:
    acme(site)
    registry = Registry.discover()
    [err] = [e for e in registry.load_errors if e.distribution == "acme-stef"]
    assert (err.name, err.error) == ("broken", "ImportError: acme needs the acme_sdk package")
    assert "acme_upper" in registry.plugins("normalizer")


def test_stef_plugins_lists_by_distribution_and_reports_broken_on_stderr(site: Path) -> None:
    acme(site)
    result = CliRunner().invoke(cli, ["plugins"])
    assert result.exit_code == 0, result.output
    [line] = [ln for ln in result.stdout.splitlines() if "acme_upper" in ln]
    assert "acme-stef 1.2.0" in line
    assert "Upper-cases nothing; exists to be discovered." in line
    assert ("failed to load plugin 'broken' from acme-stef: ImportError: acme needs the "
            "acme_sdk package") in result.stderr
    assert "acme_sdk" not in result.stdout


def test_stef_plugins_in_a_fresh_process(tmp_path: Path) -> None:
    # The real thing once: a separate interpreter whose PYTHONPATH carries the distribution.
    acme(tmp_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])])}
    proc = subprocess.run(
        [sys.executable, "-c", "from stef_core.cli import main; main()", "plugins"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert any("acme_upper" in ln and "acme-stef 1.2.0" in ln for ln in proc.stdout.splitlines())
    assert "failed to load plugin 'broken' from acme-stef" in proc.stderr


def test_duplicate_rule_ids_name_both_providers(site: Path) -> None:
    acme(site)
    write_dist(site, "other-stef", "0.3.0", "other_stef_plugin", {
        "clash": RULE.format(cls="OtherUpper", rule_id="acme_upper"),
    })
    with pytest.raises(PluginError) as info:
        Registry.discover().plugins("normalizer")
    # Entry points load in name order: upper_rule (acme) after clash (other).
    assert str(info.value) == (
        "duplicate normalizer id 'acme_upper': provided by 'clash' (other-stef) and by "
        "'upper_rule' (acme-stef); uninstall one or rename its id")
    result = CliRunner().invoke(cli, ["plugins"])
    assert result.exit_code == 2
    assert result.stderr.startswith("stef: error: duplicate normalizer id 'acme_upper'")
    assert "Traceback" not in result.output


def test_a_third_party_id_may_not_shadow_a_builtin(site: Path) -> None:
    write_dist(site, "other-stef", "0.3.0", "other_stef_plugin", {
        "shadow": RULE.format(cls="Shadow", rule_id="limit_tolerance"),
    })
    with pytest.raises(PluginError, match=r"'limit_tolerance': provided by .*\(stef\).*"
                                          r"\(other-stef\)"):
        Registry.discover().rule_ids()


def test_unknown_ids_suggest_the_closest(site: Path, tmp_path: Path) -> None:
    # (without acme's broken module: `stef eval` would stop at that first)
    write_dist(site, "acme-stef", "1.2.0", "acme_stef_plugin", {
        "upper_rule": RULE.format(cls="AcmeUpper", rule_id="acme_upper")})
    registry = Registry.discover()
    with pytest.raises(PluginError, match=r"unknown judge 'ofline' \(did you mean 'offline'\?\)"):
        Engine(judge="ofline", registry=registry)
    with pytest.raises(PluginError, match=r"unknown rule id 'acme_uper' \(did you mean "
                                          r"'acme_upper'\?\)"):
        from stef_core.models import Ruleset

        Engine(Ruleset(rules={"acme_uper": False}), registry=registry)
    records = tmp_path / "in.jsonl"
    records.write_text('{"id": 1, "question": "q", "sql": "SELECT 1"}\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["eval", str(records), "--judge", "ofline"])
    assert result.exit_code == 2
    assert "stef: error: unknown judge 'ofline' (did you mean 'offline'?)" in result.stderr


# ---- a plugin that fails to load stops the commands that score (issue 21, item 6) ----------

MISSPELLED = '''
"""A rule registered under a misspelled hook: pluggy's check_pending finds it."""
from stef_core import hookimpl


@hookimpl
def stef_register_normalisers():
    return []
'''


def test_a_misspelled_hook_is_a_load_error_naming_it(site: Path) -> None:
    write_dist(site, "acme-stef", "1.2.0", "acme_stef_plugin", {"spelled": MISSPELLED})
    registry = Registry.discover()
    [err] = [e for e in registry.load_errors if e.distribution == "acme-stef"]
    assert err.name == "spelled"
    assert err.error.startswith(
        "unknown hook 'stef_register_normalisers' (did you mean 'stef_register_normalizers'?) "
        "in plugin 'spelled'; STEF's hooks: ")


@pytest.mark.parametrize("plugin", ["broken", "spelled"])
def test_stef_eval_refuses_to_score_with_a_plugin_that_failed_to_load(
        site: Path, tmp_path: Path, plugin: str) -> None:
    modules = {"broken": "raise ImportError('acme needs the acme_sdk package')\n",
               "spelled": MISSPELLED}
    write_dist(site, "acme-stef", "1.2.0", "acme_stef_plugin", {plugin: modules[plugin]})
    src = tmp_path / "in.jsonl"
    src.write_text('{"question": "How many users?", "sql": "SELECT COUNT(*) FROM users"}\n')
    result = CliRunner().invoke(cli, ["eval", str(src), "--no-progress"])
    assert result.exit_code == 2
    why = ("ImportError: acme needs the acme_sdk package" if plugin == "broken" else
           "unknown hook 'stef_register_normalisers' (did you mean 'stef_register_normalizers'?)")
    assert result.stderr.startswith(
        f"stef: error: plugin {plugin!r} from acme-stef failed to load: {why}")
    assert result.stderr.endswith("; fix or uninstall it (`stef plugins` lists every plugin)\n")
    assert result.stdout == ""  # nothing was scored


def test_the_python_api_goes_on_with_a_warning_naming_the_plugin(site: Path) -> None:
    from stef_core.engine import evaluate

    acme(site)
    with pytest.warns(UserWarning, match="STEF plugin 'broken' from acme-stef failed to load and "
                                         "is not used: ImportError: acme needs the acme_sdk"):
        [result] = evaluate([{"question": "How many users?",
                              "sql": "SELECT COUNT(*) FROM users"}])
    assert result.status == "scored"
