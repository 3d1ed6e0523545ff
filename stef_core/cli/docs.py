"""``stef docs``: the plugin reference, generated from the code.

Lists every hook of :mod:`stef_core.hookspecs` with its signature and docstring, and every
registered plugin (extractors, normalization rules, aligners, judges, scorers) with its
docstring, so the reference can never drift from what is installed. ``docs/plugins.md`` is this
output for STEF's own plugins, committed and tested fresh; ``docs/reason-codes.md`` lists the
reason codes of :mod:`stef_core.reasons` the same way::

    stef docs --format markdown --distribution stef -o docs/plugins.md
    stef docs --reasons --format markdown -o docs/reason-codes.md
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

import click

from stef_core.cli import cli

#: stage -> heading, in the order a record flows through them.
STAGE_TITLES: dict[str, str] = {
    "sql_extractor": "SQL extractors",
    "question_extractor": "Question extractors",
    "normalizer": "Normalization rules",
    "aligner": "Aligners",
    "judge": "Judges",
    "scorer": "Scorers",
}

REGENERATE = "stef docs --format markdown --distribution stef -o docs/plugins.md"


def hooks(module: ModuleType | None = None) -> list[tuple[str, Callable[..., Any]]]:
    """Every ``stef_*`` hook spec, in source order."""
    if module is None:
        from stef_core import hookspecs as module
    found = [(name, fn) for name, fn in vars(module).items()
             if name.startswith("stef_") and inspect.isfunction(fn)]
    return sorted(found, key=lambda item: item[1].__code__.co_firstlineno)


def undocumented_hooks(module: ModuleType | None = None) -> list[str]:
    """Hooks whose docstring lacks a description, a ``:return:`` or the version it was added.

    Like pytest's ``hookspec.py``, every hook is documented as API: what it is for, what it
    returns, whether all results are collected (1:N) or the first wins, and since when.
    """
    problems = []
    for name, fn in hooks(module):
        doc = inspect.getdoc(fn) or ""
        missing = [what for what, ok in (
            ("a description", bool(doc.strip())),
            ("':return:'", ":return:" in doc),
            ("'1:N' or 'firstresult'", "1:N" in doc or "firstresult" in doc),
            ("'Added in <version>'", "Added in" in doc),
        ) if not ok]
        if missing:
            problems.append(f"hook {name}: docstring lacks {', '.join(missing)}")
    return problems


def own_doc(obj: Any) -> str:
    """The docstring ``obj`` defines itself (not one inherited from a base class)."""
    doc = obj.__dict__.get("__doc__") if isinstance(obj, type) else obj.__doc__
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def _signature(name: str, fn: Callable[..., Any]) -> str:
    """``stef_register_judges() -> list[type[Judge]]``: annotations as written, unquoted
    (the specs use postponed annotations, which inspect shows as quoted strings)."""
    sig = inspect.signature(fn)
    params = []
    for p in sig.parameters.values():
        ann = p.annotation
        text = p.name if ann is inspect.Parameter.empty else f"{p.name}: {_ann(ann)}"
        params.append(text if p.default is inspect.Parameter.empty else f"{text} = {p.default!r}")
    ret = sig.return_annotation
    tail = "" if ret is inspect.Signature.empty else f" -> {_ann(ret)}"
    return f"{name}({', '.join(params)}){tail}"


def _ann(annotation: Any) -> str:
    return annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)


def render(
    registry: Any,
    *,
    fmt: str = "text",
    distributions: Iterable[str] = (),
) -> str:
    """The reference as text or Markdown; ``distributions`` limits the plugins listed."""
    from stef_core.registry import STAGES

    wanted = set(distributions)
    md = fmt == "markdown"
    out: list[str] = []
    if md:
        out += ["# STEF plugin reference", "",
                f"<!-- Generated from the code by `{REGENERATE}`; do not edit. -->", "",
                "A plugin is a module of functions decorated with `stef_core.hookimpl`, listed "
                "under the `stef` entry-point group. See "
                "`plugins/stef_example_enterprise/` for a complete plugin distribution.", "",
                "## Hooks", ""]
    else:
        out += ["HOOKS", ""]
    for name, fn in hooks():
        doc = inspect.getdoc(fn) or "(undocumented)"
        if md:
            out += [f"### `{name}`", "", "```python", _signature(name, fn), "```", "", doc, ""]
        else:
            out += [f"  {_signature(name, fn)}", _indent(doc, 6), ""]
    out += ["## Plugins", ""] if md else ["PLUGINS", ""]
    for stage in STAGES:
        found = {pid: p for pid, p in registry.plugins(stage).items()
                 if not wanted or p.distribution in wanted}
        title = f"{STAGE_TITLES.get(stage, stage)} ({stage})"
        out += [f"### {title}", ""] if md else [f"  {title}:"]
        if not found:
            out += ["(none)", ""] if md else ["    (none)", ""]
            continue
        for pid, p in sorted(found.items()):
            cls = p.cls
            where = f"{cls.__module__}.{cls.__qualname__}"
            facts = [f"class `{where}`", f"from `{p.distribution}` (entry point `{p.provider}`)"]
            if stage == "normalizer":
                facts.append(f"order {getattr(cls, 'order', '?')}")
            doc = own_doc(cls) or "(undocumented)"
            details = own_doc(sys.modules[cls.__module__]) if stage == "normalizer" else ""
            if md:
                out += [f"#### `{pid}`", "", "; ".join(facts), "", doc, ""]
                if details:
                    out += [details, ""]
            else:
                out += [f"    {pid}: {doc.splitlines()[0]}",
                        f"      {'; '.join(facts).replace('`', '')}"]
                if doc.count("\n"):
                    out.append(_indent("\n".join(doc.splitlines()[1:]).strip(), 6))
                out.append("")
    return "\n".join(out).rstrip() + "\n"


def _indent(text: str, n: int) -> str:
    pad = " " * n
    return "\n".join(pad + line if line else "" for line in text.splitlines())


@cli.command("docs")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown"]), default="text",
              show_default=True, help="Plain text for the terminal or Markdown for a page.")
@click.option("--distribution", "distributions", multiple=True, metavar="NAME",
              help="Only plugins from this distribution (repeatable), e.g. 'stef'.")
@click.option("--reasons", is_flag=True,
              help="The reason codes (category, default severity, meaning) instead.")
@click.option("-o", "--output", metavar="FILE", help="Write here instead of stdout.")
def docs_command(fmt: str, distributions: tuple[str, ...], reasons: bool,
                 output: str | None) -> None:
    """Print every hook (signature, docstring) and every registered plugin (docstring), or
    with --reasons every reason code."""
    from stef_core.files import check_writable, write_text
    from stef_core.registry import Registry

    if output:
        check_writable("-o", output)  # before the plugins are loaded
    registry = Registry.discover()
    if reasons:
        from stef_core.reasons import render_reasons

        text = render_reasons(fmt)
    else:
        text = render(registry, fmt=fmt, distributions=distributions)
    if output:
        write_text(output, text, label="-o")  # whole or not at all, like every output
    else:
        click.echo(text, nl=False)
    for err in registry.load_errors:
        click.echo(f"failed to load plugin {err.name!r} from {err.distribution}: {err.error}",
                   err=True)
