"""The tokenizer's kinds where its branches meet: punctuation beside quotes, a number's minus,
currencies and the words that start with a currency's letter. Pinned when the branches were
ordered by the character they open with (session 30, issue 23): every token as before."""

import pytest
from stef_question.text import tokenize

CASES = [
    ('Sales of "ACME" vs "ACME"s, -5 or - 5',
     [("word", "Sales"), ("word", "of"), ("quoted", "ACME"), ("word", "vs"), ("quoted", "ACME"),
      ("word", "s"), ("punct", ","), ("number", "-5"), ("word", "or"), ("punct", "-"),
      ("number", "5")]),
    ("ratio > 2; it\u2019s \u201dodd\u201d \u201cquoted\u201d \u2018single\u2019 `tick` it's",
     [("word", "ratio"), ("punct", ">"), ("number", "2"), ("punct", ";"), ("word", "it\u2019s"),
      ("punct", "\u201d"), ("word", "odd"), ("punct", "\u201d"), ("quoted", "quoted"),
      ("quoted", "single"), ("quoted", "tick"), ("word", "it's")]),
    ("USD 1,200 in Q3/2024 (EUR5) & 3rd, 1980s ¿why?",
     [("number", "1,200"), ("word", "in"), ("word", "Q3"), ("punct", "/"), ("number", "2024"),
      ("punct", "("), ("number", "5"), ("punct", ")"), ("punct", "&"), ("number", "3"),
      ("punct", ","), ("word", "1980s"), ("punct", "¿"), ("word", "why"), ("punct", "?")]),
    ("Ulm, Essen; rs. 500 GBP10 x-ray_2 _id 12:30 1.2.3 10\u201320",
     [("word", "Ulm"), ("punct", ","), ("word", "Essen"), ("punct", ";"), ("number", "500"),
      ("number", "10"), ("word", "x-ray_2"), ("word", "id"), ("clock", "12:30"),
      ("word", "1.2.3"), ("range", "10\u201320")]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_token_kinds(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(t.kind, t.text) for t in tokenize.__wrapped__(text).tokens] == expected
