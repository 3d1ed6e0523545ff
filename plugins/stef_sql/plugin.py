"""Registers the built-in SQL extractor (entry point ``stef = sql``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from stef_core import hookimpl
from stef_core.contracts import SqlExtractor
from stef_core.spec import SqlSpec


class SqlglotExtractor(SqlExtractor):
    """Reads projections, aggregations, filters, grouping, order and limit from the sqlglot AST."""

    id = "sql"
    version = "1"

    def extract(self, sql: str, dialect: str | None = None) -> SqlSpec:
        return _extract_spec()(sql, dialect)


@lru_cache(maxsize=1)
def _extract_spec() -> Callable[[str, str | None], SqlSpec]:
    """The reader, imported on first use (sqlglot loads then, not at start-up) and kept: an
    import statement run for every record costs more than some readers."""
    from stef_sql.extract import extract_spec

    return extract_spec


@hookimpl
def stef_register_extractors() -> list[type[SqlExtractor]]:
    return [SqlglotExtractor]
