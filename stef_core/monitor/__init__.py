"""Monitoring: per-agent reports (table, Markdown, HTML), run comparison with bootstrap
confidence intervals, and the run history store.

Nothing here is imported by the engine; the CLI imports these modules lazily.
"""
