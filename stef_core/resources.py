"""Where STEF's data files live: the rule grammar and the bundled rulesets.

In a checkout (editable install) they sit at the top of the repository (``grammar/``,
``rulesets/``); in an installed wheel hatch copies them into the package as
``stef_core/_data/grammar`` and ``stef_core/_data/rulesets`` (see ``pyproject.toml``).
The installed copy is looked up first so that a stray top-level ``grammar`` folder next to
site-packages can never shadow it.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

GRAMMAR_FILE = "stef.lark"


def _locate(folder: str) -> Path:
    packaged = resources.files("stef_core") / "_data" / folder
    if packaged.is_dir():
        # Wheels are installed unzipped, so the traversable is a real directory.
        return Path(str(packaged))
    checkout = Path(__file__).resolve().parents[1] / folder
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"STEF data folder {folder!r} not found (looked in stef_core/_data/{folder} and "
        f"{checkout}); reinstall stef"
    )


def grammar_dir() -> Path:
    """The folder holding ``stef.lark``."""
    return _locate("grammar")


def grammar_path() -> Path:
    """The rule-language grammar, ``stef.lark``."""
    return grammar_dir() / GRAMMAR_FILE


def grammar_text() -> str:
    """The grammar's text."""
    return grammar_path().read_text(encoding="utf-8")


def rulesets_dir() -> Path:
    """The bundled rulesets (``default.stef`` and the examples, with their compiled JSON)."""
    return _locate("rulesets")


def schema_path() -> Path:
    """The committed R_app JSON Schema."""
    return rulesets_dir() / "schema" / "ruleset.schema.json"
