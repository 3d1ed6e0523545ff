"""Built-in scorers."""
