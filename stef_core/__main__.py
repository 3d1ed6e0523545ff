"""The ``stef`` command's entry point, and ``python -m stef_core ...`` (the same command line).

Two things happen here before the command line is even imported:

* Ctrl-C: importing click, pydantic, sqlglot and the plugins takes a noticeable moment after
  start-up; an interrupt then must exit 130 quietly like an interrupt at any later point, not
  print a traceback. This module imports nothing heavy, so the ``try`` below is in place
  before any of that work starts.
* ``python -m`` puts the current folder first on ``sys.path``; the ``stef`` script does not.
  Left there, the folder's ``*.dist-info`` entry points would be discovered as plugins and its
  modules imported, so running STEF from a folder of untrusted files (a download, a data drop)
  would run their code. The folder is taken off ``sys.path`` before anything is discovered,
  unless STEF itself was imported from it (a source checkout used without installing).
"""

import os
import sys
from typing import Any

#: exit code after Ctrl-C, as shells report a process ended by SIGINT
EXIT_INTERRUPTED = 130


def _drop_cwd_from_path() -> None:
    if not sys.path:
        return
    cwd = os.path.normcase(os.getcwd())
    first = os.path.normcase(os.path.abspath(sys.path[0] or "."))
    here = os.path.normcase(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if first == cwd and here != cwd:  # added by -m; STEF itself does not live there
        del sys.path[0]


class Interrupt:
    """The SIGINT handler while ``stef`` runs: raises ``KeyboardInterrupt`` as Python's own
    does, and remembers that it did (:attr:`fired`).

    Python drops an exception raised inside some callbacks (a weakref callback in the import
    machinery prints "Exception ignored" and carries on), so a Ctrl-C during imports could be
    lost and the run go on. Code that can check, checks ``fired`` (the command line after its
    imports and after the command, ``stef eval`` before its first record) and stops as if the
    interrupt had landed there.
    """

    def __init__(self) -> None:
        self.fired = False

    def __call__(self, signum: int, frame: object) -> None:
        self.fired = True
        raise KeyboardInterrupt


def _quiet_unraisable(default: Any) -> Any:
    def hook(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            return  # the Interrupt handler has it; no "Exception ignored" traceback
        default(unraisable)

    return hook


def main() -> None:
    """Run the ``stef`` command line; Ctrl-C at any moment exits 130 without a traceback."""
    import signal

    handler = Interrupt()
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not if ignored
            signal.signal(signal.SIGINT, handler)
            sys.unraisablehook = _quiet_unraisable(sys.unraisablehook)
        from stef_core.cli import main as cli_main

        if handler.fired:
            raise KeyboardInterrupt
        cli_main()
    except KeyboardInterrupt:
        _exit_interrupted("stef: interrupted\n")
    except SystemExit as exc:
        if exc.code == EXIT_INTERRUPTED:  # a command handled the interrupt and cleaned up
            _exit_interrupted()
        raise
    except Exception as exc:
        # An interrupt wrapped by the code it landed in: Python 3.11 turns an exception
        # raised while a class is being made (pydantic's ``__set_name__`` at import) into
        # "RuntimeError: Error calling __set_name__", the KeyboardInterrupt its cause.
        if _interrupt_within(exc):
            _exit_interrupted("stef: interrupted\n")
        raise


def _interrupt_within(exc: BaseException) -> bool:
    """Is a ``KeyboardInterrupt`` among the causes of ``exc`` (a few links deep)?"""
    seen = exc.__cause__ or exc.__context__
    for _ in range(8):
        if seen is None:
            return False
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _exit_interrupted(message: str = "") -> None:
    """Exit 130 now. An interrupt that passed through code run by ``PyRun_*`` (compiled
    extensions do that at import) leaves CPython flagged to end the process by SIGINT at
    finalization whatever exit code follows; ``os._exit`` keeps the exit code (130) and
    skips a finalization that has nothing left to do (the command closed its files)."""
    import signal

    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if message:
            sys.stderr.write(message)
        sys.stdout.flush()
        sys.stderr.flush()
    except (KeyboardInterrupt, OSError, ValueError):
        pass
    os._exit(EXIT_INTERRUPTED)


if __name__ == "__main__":
    _drop_cwd_from_path()
    main()
