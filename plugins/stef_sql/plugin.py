"""Registers the built-in SQL extractor (entry point ``stef = sql``)."""

from __future__ import annotations

from stef_core import hookimpl
from stef_core.contracts import SqlExtractor
from stef_core.spec import SqlSpec


class SqlglotExtractor(SqlExtractor):
    """Reads projections, aggregations, filters, grouping, order and limit from the sqlglot AST."""

    id = "sql"
    version = "1"

    def extract(self, sql: str, dialect: str | None = None) -> SqlSpec:
        from stef_sql.extract import extract_spec  # sqlglot loads on first use, not at start-up

        return extract_spec(sql, dialect)


@hookimpl
def stef_register_extractors() -> list[type[SqlExtractor]]:
    return [SqlglotExtractor]
