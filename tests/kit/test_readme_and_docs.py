"""The README is a newcomer's page and the manual in docs/ holds together: every relative link
(and its #anchor) resolves, no text cites a document the repository does not hold, and the
examples shown are what STEF prints today."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from stef_core.cli import cli
from stef_core.cli import commands as _commands  # noqa: F401  (registers the subcommands)

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
#: Every Markdown page a reader follows links through (tests/ holds fixtures, not pages).
PAGES = sorted({*ROOT.glob("*.md"), *ROOT.glob("docs/*.md"), *ROOT.glob("benchmarks/*.md"),
                *ROOT.glob("examples/*.md"), *ROOT.glob("plugins/**/*.md")})
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
#: A "SPEC 2.3" style citation: the specification it named is not in the repository.
SPEC_CITATION = re.compile(r"\bSPEC(?:'s)?\s+(?:\d|section)")


def _prose(text: str) -> str:
    """``text`` without its fenced code blocks (code may hold brackets that are not links)."""
    return re.sub(r"^```.*?^```", "", text, flags=re.DOTALL | re.MULTILINE)


def _anchors(page: Path) -> set[str]:
    """The #anchors GitHub gives a page's headings (lower case, punctuation dropped, spaces as
    hyphens, a repeated heading numbered)."""
    seen: dict[str, int] = {}
    out = set()
    for line in _prose(page.read_text(encoding="utf-8")).splitlines():
        heading = re.match(r"#{1,6} (.*)", line)
        if not heading:
            continue
        slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def _broken_links(page: Path, root: Path = ROOT) -> list[str]:
    broken = []
    for target in LINK.findall(_prose(page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target):  # https:, mailto: ... are not the repository's
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        where = f"{page.relative_to(root)}: {target}"
        if not dest.exists():
            broken.append(f"{where} (no such file)")
        elif anchor and (dest.suffix != ".md" or anchor not in _anchors(dest)):
            broken.append(f"{where} (no such heading)")
    return broken


def test_the_pages_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in PAGES}
    assert {"README.md", "docs/design.md", "docs/reason-codes.md",
            "benchmarks/README.md"} <= names


def test_every_relative_link_resolves() -> None:
    assert [b for page in PAGES for b in _broken_links(page)] == []


def test_a_broken_link_is_caught(tmp_path: Path) -> None:
    page = tmp_path / "a.md"
    page.write_text("# Top\n\n## Two words\n\n[ok](#two-words) [x](missing.md) [y](a.md#nope)\n"
                    "```\n[in code](ignored.md)\n```\n[web](https://example.org)\n")
    assert _broken_links(page, tmp_path) == ["a.md: missing.md (no such file)",
                                   "a.md: a.md#nope (no such heading)"]


def test_no_text_cites_a_document_the_repository_does_not_hold() -> None:
    cited = []
    for folder in ("stef_core", "plugins", "docs", "benchmarks", "grammar", "rulesets", "tests",
                   "examples"):
        for path in sorted((ROOT / folder).rglob("*")):
            if (path.suffix not in {".py", ".md", ".stef", ".lark", ".json", ".toml", ".yml"}
                    or path.is_symlink() or not path.is_file()):  # the fixtures hold odd files
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for n, line in enumerate(text.splitlines(), 1):
                if SPEC_CITATION.search(line) and path.name != Path(__file__).name:
                    cited.append(f"{path.relative_to(ROOT)}:{n}")
    cited += [f"README.md:{n}" for n, line in
              enumerate(README.read_text(encoding="utf-8").splitlines(), 1)
              if SPEC_CITATION.search(line)]
    assert cited == []


def test_the_readme_is_a_newcomers_page() -> None:
    """The two commands, what STEF is, one worked example, the headline figures, where to go
    next; the manual lives in docs/ (issue 22)."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    headings = re.findall(r"^## (.*)$", _prose(text), flags=re.MULTILINE)
    assert headings == ["A worked example", "Benchmarks", "Where to go next"]
    for page in ("docs/scoring.md", "docs/input-output.md", "docs/rules.md", "docs/judges.md",
                 "docs/monitoring.md", "docs/scale-out.md", "docs/reason-codes.md",
                 "docs/design.md", "docs/writing-plugins.md", "docs/plugins.md",
                 "benchmarks/README.md"):
        assert f"]({page})" in text, page


# ---- the examples shown are STEF's output --------------------------------------------------


def _json_blocks(text: str) -> list[Any]:
    return [json.loads(block) for block in re.findall(r"^```json\n(.*?)^```", text,
                                                      flags=re.DOTALL | re.MULTILINE)]


def _within(shown: Any, actual: Any, where: str = "$") -> list[str]:
    """Where ``shown`` differs from ``actual``; a dict shown may leave keys out."""
    if isinstance(shown, dict) and isinstance(actual, dict):
        return [d for k, v in shown.items()
                for d in (_within(v, actual[k], f"{where}.{k}") if k in actual
                          else [f"{where}.{k}: not in the output"])]
    if isinstance(shown, list) and isinstance(actual, list) and len(shown) == len(actual):
        return [d for i, (s, a) in enumerate(zip(shown, actual))
                for d in _within(s, a, f"{where}[{i}]")]
    return [] if shown == actual else [f"{where}: shown {shown!r}, STEF gives {actual!r}"]


@pytest.fixture(scope="module")
def support_desk(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """``stef eval examples/support_desk.jsonl``'s results, by id."""
    out = tmp_path_factory.mktemp("readme") / "results.jsonl"
    result = CliRunner().invoke(cli, ["eval", str(ROOT / "examples" / "support_desk.jsonl"),
                                      "-o", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    return {r["id"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}


def test_the_readme_worked_example_is_what_stef_prints(support_desk: dict[str, Any]) -> None:
    record, shown = _json_blocks(README.read_text(encoding="utf-8"))
    line = next(x for x in (ROOT / "examples" / "support_desk.jsonl").read_text().splitlines()
                if json.loads(x)["id"] == record["id"])
    assert record == json.loads(line)
    assert _within(shown, support_desk[shown["id"]]) == []


def test_the_output_example_of_the_docs_is_what_stef_prints(
        support_desk: dict[str, Any]) -> None:
    [shown] = _json_blocks((ROOT / "docs" / "input-output.md").read_text(encoding="utf-8"))
    assert shown == support_desk[shown["id"]]
