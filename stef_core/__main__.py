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


def main() -> None:
    """Run the ``stef`` command line; Ctrl-C at any moment exits 130 without a traceback."""
    try:
        from stef_core.cli import main as cli_main

        cli_main()
    except KeyboardInterrupt:
        try:
            sys.stderr.write("stef: interrupted\n")
            sys.stderr.flush()
        except (KeyboardInterrupt, OSError):
            pass
        raise SystemExit(EXIT_INTERRUPTED) from None


if __name__ == "__main__":
    _drop_cwd_from_path()
    main()
