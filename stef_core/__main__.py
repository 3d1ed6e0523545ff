"""``python -m stef_core ...`` runs the ``stef`` command line."""

from stef_core.cli import main

if __name__ == "__main__":
    main()
