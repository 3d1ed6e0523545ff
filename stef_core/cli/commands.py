"""Imports every subcommand module so that it registers itself on the ``stef`` group.

Add one import per command module; keep each command in its own module.
"""

from stef_core.cli import calibrate as _calibrate  # noqa: F401
from stef_core.cli import compare as _compare  # noqa: F401
from stef_core.cli import docs as _docs  # noqa: F401
from stef_core.cli import eval as _eval  # noqa: F401
from stef_core.cli import export as _export  # noqa: F401
from stef_core.cli import plugins as _plugins  # noqa: F401
from stef_core.cli import report as _report  # noqa: F401
from stef_core.cli import rules as _rules  # noqa: F401
from stef_core.cli import runs as _runs  # noqa: F401
