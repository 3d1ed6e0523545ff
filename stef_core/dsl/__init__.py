"""The STEF rule language: ``.stef`` files compiled to R_app (:class:`stef_core.models.Ruleset`).

The grammar is ``grammar/stef.lark`` (shipped in the wheel, found by :mod:`stef_core.resources`).
Every mistake in a file is reported at once, each as ``FILE:LINE:COL: message`` with the source
line, a caret under the span and what was expected, inside one
:class:`stef_core.rules.RulesError`.

>>> from stef_core.dsl import compile_text
>>> compile_text('ruleset "demo"\\nbenign filter tenant_id = *').benign_filters[0].column
'tenant_id'
"""

from stef_core.dsl.compiler import compile_file, compile_text, ruleset_json
from stef_core.dsl.errors import Diagnostic
from stef_core.dsl.formatter import format_text, ruleset_to_stef
from stef_core.dsl.parser import parse_text

__all__ = [
    "Diagnostic",
    "compile_file",
    "compile_text",
    "format_text",
    "parse_text",
    "ruleset_json",
    "ruleset_to_stef",
]
