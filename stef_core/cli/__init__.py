"""The ``stef`` command line.

Exit codes (scripts rely on them): 0 success whatever the scores; 1 a quality gate failed
(``--fail-under``, ``stef compare --max-drop``); 2 usage errors, unreadable input or invalid
rules, always as a one-line ``stef: error: ...`` message (several lines only for a list of rule
errors), never a traceback.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from stef_core import __version__
from stef_core.contracts import StefError

EXIT_OK = 0
EXIT_GATE = 1
EXIT_USAGE = 2


class StefGroup(click.Group):
    """Turns every :class:`StefError` into a clean message and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except StefError as exc:
            fail(str(exc))
        except BrokenPipeError:  # `stef eval ... | head`
            sys.stderr.close()
            raise SystemExit(EXIT_OK) from None


def fail(message: str, code: int = EXIT_USAGE) -> None:
    lines = message.splitlines() or ["unknown error"]
    click.echo(f"stef: error: {lines[0]}", err=True)
    for line in lines[1:]:
        click.echo(line, err=True)
    raise SystemExit(code)


@click.group(cls=StefGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="stef")
def cli() -> None:
    """STEF scores text-to-SQL answers 0-100 without reference SQL, database or schema."""


def main(argv: list[str] | None = None) -> None:
    from stef_core.cli import commands  # noqa: F401  (registers the subcommands)

    cli.main(args=argv, prog_name="stef")
