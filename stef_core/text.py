"""Text from users' files shown on a terminal: control characters written out, never obeyed.

A file name, an agent name or an id may hold escape sequences (``\\x1b]0;title\\x07``) or
bidirectional overrides; echoed raw, they would move the cursor, retitle the terminal or make
what follows read backwards. Every message and table STEF prints passes through
:func:`visible`.
"""

from __future__ import annotations

import re
from typing import Any

# C0 and C1 controls (escape sequences start with ESC or CSI), DEL, and the bidirectional
# overrides that can make a name read backwards on screen.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# The same, but a tab and a line break stay what they are (message text, not a name).
_CONTROL_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def visible(value: Any, *, lines: bool = False) -> str:
    r"""``value`` as text with every control character written out (``\x1b``): a name from a
    log must not move the cursor, retitle the terminal or reorder what follows. ``lines``:
    keep tabs and line breaks (a message of several lines).

    >>> print(visible("bot\x1b[31m"))
    bot\x1b[31m
    >>> print(visible("a\nb\x07", lines=True))
    a
    b\x07
    """
    return (_CONTROL_IN_TEXT if lines else _CONTROL).sub(_escape, str(value))
