"""Cue words are data: the built-in lexicon ships with the package and R_app extends the
concepts it may (aggregate, direction, comparative, negation, grouping, unit, ignore)."""

from __future__ import annotations

import json
from pathlib import Path

import stef_question
from stef_question.frame import question_spec
from stef_question.lexicon import EXTENDABLE, freeze, lexicon

from stef_core.models import Ruleset

LEXICON = Path(stef_question.__file__).with_name("lexicon.json")


def rules(**concepts: dict[str, str]) -> Ruleset:
    return Ruleset(lexicon=concepts)


def test_the_lexicon_file_holds_every_extendable_concept() -> None:
    data = json.loads(LEXICON.read_text(encoding="utf-8"))
    assert set(EXTENDABLE) <= set(data)
    for concept, meanings in EXTENDABLE.items():
        used = {m for m in data[concept].values() if m != "none"}
        assert used <= meanings | {"old", "young", "long", "short", "slow", "fast", "best",
                                   "worst", "any", "time", "partition"}, concept


def test_rapp_adds_an_aggregate_word() -> None:
    q = "What is the census of refunds?"
    assert "COUNT" not in question_spec(q, None).aggregations
    assert "COUNT" in question_spec(q, None, rules(aggregate={"census of": "count"})).aggregations


def test_rapp_adds_a_direction_and_a_comparative() -> None:
    q = "Which supplier is the priciest-looking one above par 40?"
    extended = rules(direction={"priciest-looking": "desc"}, comparative={"above par": ">="})
    spec = question_spec(q, None, extended)
    assert spec.superlative == "max"
    assert [(f.op, f.value) for f in spec.filters] == [(">=", 40)]


def test_rapp_marks_a_unit_and_a_non_value() -> None:
    q = "What is the total revenue per seat for Contoso?"
    plain = question_spec(q, None)
    assert plain.group_by == ("seat",)
    extended = question_spec(q, None, rules(unit={"seat": "unit"}, ignore={"contoso": "ignore"}))
    assert extended.group_by == ()
    assert all(f.value != "contoso" for f in extended.filters)


def test_rapp_adds_a_negation_and_a_grouping_word() -> None:
    q = "How many tickets sans 'spam' are there within every queue?"
    extended = rules(negation={"sans": "not"}, grouping={"within every": "group"})
    spec = question_spec(q, None, extended)
    assert [(f.op, f.value) for f in spec.filters] == [("!=", "spam")]
    assert spec.group_by == ("queue",)


def test_unknown_concepts_and_meanings_are_not_taken() -> None:
    extra = freeze({"aggregate": {"census": "MEDIAN"}, "colour": {"red": "value"}})
    lex = lexicon(extra)
    assert lex.get("aggregate", "census") is None
    assert lex.get("colour", "red") is None


def test_the_lexicon_travels_in_the_wheel() -> None:
    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    assert '"plugins/stef_question"' in pyproject  # the package folder, data files included
    assert LEXICON.exists()
