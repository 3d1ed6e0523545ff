"""Built-in SQL-side extractor: reads a :class:`stef_core.spec.SqlSpec` from the sqlglot AST."""
