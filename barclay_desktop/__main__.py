"""`python -m barclay_desktop` launches the app; `... simulate ...` runs the simulator."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "simulate":
        from .simulate import main as simulate_main

        return simulate_main(argv[1:])
    from .app import main as app_main

    return app_main(argv)


if __name__ == "__main__":
    sys.exit(main())
