"""``python -m rules``: the engine for scripts. See ``rules.cli``."""

import sys

from .cli import main

sys.exit(main())
