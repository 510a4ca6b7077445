"""The ``grader`` command: thin Click commands over keyword-only library functions.

Each command module registers its commands on :data:`main`. A :class:`GraderError`
raised anywhere becomes ``Error: <message>`` and its exit code; never a traceback.
"""

from __future__ import annotations

from typing import Any

import click

from grader import __version__
from grader.errors import GraderError


class _Group(click.Group):
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except GraderError as exc:
            error = click.ClickException(exc.message)
            error.exit_code = exc.exit_code
            raise error from None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="grader")
def main() -> None:
    """Grade adversarial-search agents (minimax, alpha-beta, max^n, quiescence, ...).

    Students: `grader check agent.py -a alphabeta` runs your agent on the assignment's
    trees and says where your search went wrong. Instructors: `grader grade` grades a
    folder of submissions; `grader build`, `validate`, `schema` and `tree show` help
    write assignments.

    Exit codes: 0 all tests passed, 1 some failed, 2 bad usage or bad input files.
    """


def _register() -> None:
    import grader.cli.check
    import grader.cli.grade  # noqa: F401
    from grader.cli import authoring  # noqa: F401  (registers its commands)
    from grader.cli import ci as _ci  # noqa: F401
    from grader.cli import kit as _kit  # noqa: F401
    from grader.cli import report as _report  # noqa: F401
    from grader.cli import sandbox as _sandbox  # noqa: F401


_register()
