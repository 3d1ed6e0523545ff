"""The ``stef`` command line.

Exit codes (scripts rely on them): 0 success whatever the scores; 1 a quality gate failed
(no record scored, ``--min-coverage``, ``--fail-under``, ``stef compare --max-drop``); 2 usage
errors, unreadable input, invalid rules, an output that is one of the inputs or cannot be
written, a run store that cannot be used, always as a one-line ``stef: error: ...`` message
(several lines only for a list of rule errors), never a traceback; 130 after Ctrl-C, at
whatever moment it comes.
"""

from __future__ import annotations

import signal
import sys
from typing import Any, NoReturn

import click

from stef_core import __version__
from stef_core.contracts import StefError
from stef_core.files import drop_stdout, os_message
from stef_core.text import visible

EXIT_OK = 0
EXIT_GATE = 1
EXIT_USAGE = 2


EXIT_INTERRUPTED = 130


class StefGroup(click.Group):
    """Turns every :class:`StefError` into a clean message and exit code 2, and Ctrl-C into
    exit code 130 (click alone would print "Aborted!" and exit 1)."""

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            interrupted()

    def invoke(self, ctx: click.Context) -> Any:
        try:
            result = super().invoke(ctx)
            if getattr(signal.getsignal(signal.SIGINT), "fired", False):
                raise KeyboardInterrupt  # one that Python dropped on the way (see __main__)
            return result
        except StefError as exc:
            fail(str(exc))
        except BrokenPipeError:  # `stef eval ... | head`
            sys.stderr.close()
            raise SystemExit(EXIT_OK) from None
        except KeyboardInterrupt:
            interrupted()
        except OSError as exc:  # a full disk, /dev/full, a closed descriptor: never a traceback
            drop_stdout()
            fail(os_message(exc))


def interrupted() -> NoReturn:
    """Ctrl-C before a command could handle it: one line, exit 130, no traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut this short
    click.echo("stef: interrupted", err=True)
    raise SystemExit(EXIT_INTERRUPTED)


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """``stef: error: MESSAGE`` on stderr (control characters in it written out: a file name
    may hold escape sequences), and exit ``code``."""
    lines = visible(message, lines=True).splitlines() or ["unknown error"]
    click.echo(f"stef: error: {lines[0]}", err=True)
    for line in lines[1:]:
        click.echo(line, err=True)
    raise SystemExit(code)


def say(message: str) -> None:
    """One line (or a block) for the user on stderr, control characters written out."""
    click.echo(visible(message, lines=True), err=True)


@click.group(cls=StefGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="stef")
def cli() -> None:
    """STEF scores text-to-SQL answers 0-100 without reference SQL, database or schema."""


def main(argv: list[str] | None = None) -> None:
    import logging

    from stef_core.cli import commands  # noqa: F401  (registers the subcommands)

    # STEF renders parts of the scored SQL as text for its messages; sqlglot's generator logs a
    # warning where the dialect cannot say a construct exactly ("Conversion format is required
    # for TO_NUMBER"), which reached the terminal as a bare line with no record or file. STEF
    # never runs the SQL it renders, so those warnings say nothing to a user.
    logging.getLogger("sqlglot").setLevel(logging.ERROR)

    cli.main(args=argv, prog_name="stef")
