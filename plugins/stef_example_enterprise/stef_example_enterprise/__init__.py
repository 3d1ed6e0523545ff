"""An example STEF plugin distribution: one normalization rule, one judge.

``fiscal_quarter`` turns "Q3 2024" in a question into the date range it stands for;
``policy`` is a judge that fails any SQL reading a forbidden table. Each lives in its own
module, listed under the ``stef`` entry-point group in this distribution's ``pyproject.toml``.
"""

__version__ = "0.1.0"
