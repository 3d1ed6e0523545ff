"""Built-in judges: ``offline`` (default, deterministic) and ``llm`` (optional extra)."""
