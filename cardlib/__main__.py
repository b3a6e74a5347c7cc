"""``python -m cardlib``: the command line (see :mod:`cardlib.cli`).

Ctrl-C while the command line is still loading ends it as Ctrl-C does later: status 130, one line.
"""

import sys


def run() -> int:
    """Load the command line and run it; returns the exit status."""
    try:
        from cardlib.cli import main
    except KeyboardInterrupt:
        from cardlib.i18n import _

        print(_("interrupted"), file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
