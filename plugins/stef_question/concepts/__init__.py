"""Question concepts: one module per concept the question reader understands."""
