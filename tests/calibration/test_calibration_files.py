"""Calibration files are read like rules files: capped in size, a regular file only, every
number finite (issue 21, item 5).

Reproducers: a 1 GB `--calibration` reached 2.1 GB of memory before it was rejected; NaN in
`floors` was accepted; a FIFO given as the calibration said "no such file".
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from stef_core.calibration import CalibrationError, load_calibration

SHIPPED = Path(__file__).parents[2] / "plugins" / "stef_judges" / "calibration" / "offline-v1.json"


def stef(*args: str) -> tuple[int, str]:
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    res = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return res.exit_code, res.stderr


def test_a_calibration_past_8_mib_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(9 * 1024 * 1024)  # sparse: its size is what counts
    with pytest.raises(CalibrationError) as caught:
        load_calibration(big)
    assert str(caught.value) == (f"{big}: larger than 8 MiB; give a calibration JSON written by "
                                 "`stef calibrate`")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_as_calibration_is_said_to_be_one_not_missing(tmp_path: Path) -> None:
    fifo = tmp_path / "cal.json"
    os.mkfifo(fifo)
    src = tmp_path / "in.jsonl"
    src.write_text('{"question": "How many users?", "sql": "SELECT COUNT(*) FROM users"}\n')
    code, err = stef("eval", str(src), "--calibration", str(fifo), "--no-progress")
    assert (code, err) == (2, f"stef: error: {fifo}: not a regular file; give a calibration "
                              "JSON written by `stef calibrate`\n")


@pytest.mark.parametrize(("where", "value", "message"), [
    ("floors", "NaN", "the number NaN is not finite (NaN, Infinity and numbers past 1e308 are "
                      "not JSON numbers)"),
    ("weights", "1e999", "the number 1e999 is not finite (NaN, Infinity and numbers past 1e308 "
                         "are not JSON numbers)"),
    ("priors", "-Infinity", "the number -Infinity is not finite (NaN, Infinity and numbers "
                            "past 1e308 are not JSON numbers)"),
])
def test_every_number_of_a_calibration_is_finite(tmp_path: Path, where: str, value: str,
                                                 message: str) -> None:
    data = json.loads(SHIPPED.read_text())
    data[where] = {"finding:*": 0.0}
    text = json.dumps(data).replace('"finding:*": 0.0', f'"finding:*": {value}')
    path = tmp_path / "cal.json"
    path.write_text(text)
    with pytest.raises(CalibrationError) as caught:
        load_calibration(path)
    assert str(caught.value) == f"{path}: {message}"
