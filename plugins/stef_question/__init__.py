"""Built-in question-side extractor and R_app vocabulary normalizer."""
