"""The four production normalization rules (SPEC section 3), one per module."""
