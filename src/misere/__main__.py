"""``python -m misere``: the ``misere`` command line (Ctrl-C while it loads: exit status 130)."""
import sys

try:
    from misere.cli.entry import main
except KeyboardInterrupt:
    sys.stderr.write("stopped: interrupted\n")
    sys.exit(130)

if __name__ == "__main__":
    main()
