"""`python -m generator …` runs the command-line interface."""
from __future__ import annotations

import os
import sys

from generator.cli import main

try:
    sys.exit(main())
except BrokenPipeError:
    # The output was piped into a reader that stopped early (`| head`): that is not an error.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(0)
