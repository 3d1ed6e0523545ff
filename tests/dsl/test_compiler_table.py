"""The compiler reads each statement of the rule language by a table (its type -> the method
that compiles it): every statement the parser can produce has an entry."""

from __future__ import annotations

from stef_core.dsl import ast
from stef_core.dsl.compiler import _STATEMENTS


def test_every_statement_kind_has_a_compiler() -> None:
    kinds = {t for t in vars(ast).values()
             if isinstance(t, type) and issubclass(t, ast.Statement) and t is not ast.Statement}
    # The header and include are the file's (run_file), not a statement's.
    assert set(_STATEMENTS) == kinds - {ast.Header, ast.Include}
    assert all(callable(compile_it) for compile_it in _STATEMENTS.values())
