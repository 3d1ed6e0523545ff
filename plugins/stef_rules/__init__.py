"""The four production normalization rules (docs/scoring.md, step 2), one per module."""
