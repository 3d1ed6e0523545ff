"""Built-in aligner."""
