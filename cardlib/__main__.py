"""``python -m cardlib``: the command line (see :mod:`cardlib.cli`)."""

import sys

from cardlib.cli import main

if __name__ == "__main__":
    sys.exit(main())
