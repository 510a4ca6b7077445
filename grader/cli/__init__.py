"""The ``grader`` command: thin Click commands over keyword-only library functions.

Each command module registers its commands on :data:`main`. A :class:`GraderError`
raised anywhere becomes ``Error: <message>`` and its exit code; never a traceback.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import click

from grader import __version__
from grader.errors import GraderError

FULL_GRADER_ONLY = ("reference", "assignments")  # packages a student's grader leaves out


class _Group(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = _COMMANDS.get(cmd_name)
        if module is not None and cmd_name not in self.commands:
            try:
                importlib.import_module(f"grader.cli.{module}")  # registers its commands
            except ModuleNotFoundError as exc:
                if exc.name not in FULL_GRADER_ONLY:
                    raise
                return _full_grader_only(cmd_name)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except GraderError as exc:
            raise _click_error(exc) from None
        except ModuleNotFoundError as exc:
            if exc.name not in FULL_GRADER_ONLY:
                raise
            raise _click_error(_needs_full_grader(ctx.invoked_subcommand)) from None


def require_full_grader() -> None:
    """Refuse, as a missing ``reference`` package, to load a command module that needs the
    reference searches, where they are not installed (a student kit's grader ships only
    their registries): its commands are listed as needing the full grader."""
    from reference.algorithms import installed

    if not installed():
        raise ModuleNotFoundError("the reference searches are not installed", name="reference")


def _needs_full_grader(command: str | None) -> GraderError:
    return GraderError(
        f"`grader {command or ''}` needs the full grader: this one is a student kit's, "
        "which holds no reference searches and no built-in assignments"
    )


def _full_grader_only(name: str) -> click.Command:
    """A command a student kit's grader lists but cannot run: it says so when called."""

    def refuse(**_: Any) -> None:
        raise _click_error(_needs_full_grader(name))

    return click.Command(
        name, callback=refuse, context_settings={"ignore_unknown_options": True},
        params=[click.Argument(["args"], nargs=-1, type=click.UNPROCESSED)],
        help="Needs the full grader (a student kit's grader has no reference searches).",
        short_help="(needs the full grader)",
    )


def _click_error(exc: GraderError) -> click.ClickException:
    """``exc`` as Click shows it: ``Error: <message>``, exiting with the error's own code.

    Click declares ``exit_code`` on the class (a ``ClassVar``), so the code travels on a
    subclass made for it rather than on the instance.
    """
    from grader.grading.sinks import for_terminal

    kind = _CLICK_ERRORS.get(exc.exit_code)
    if kind is None:
        code = {"exit_code": exc.exit_code}
        kind = type(f"GraderExit{exc.exit_code}", (click.ClickException,), code)
        _CLICK_ERRORS[exc.exit_code] = kind
    return kind(for_terminal(exc.message))  # it may quote a file name or a student's text


_CLICK_ERRORS: dict[int, type[click.ClickException]] = {}


def assignment_option(command: Any) -> Any:
    """``-a/--assignment``: the assignment every grading and authoring command works on."""
    return click.option(
        "-a", "--assignment", required=True, help="A built-in assignment's name or a folder."
    )(command)


def sandbox_option(help: str) -> Callable[[Any], Any]:
    """``--sandbox``: where a submission runs, one of the sandbox kinds (local first)."""
    from grader.hosts.kinds import SANDBOX_KINDS

    return click.option(
        "--sandbox", type=click.Choice(SANDBOX_KINDS), default=SANDBOX_KINDS[0],
        show_default=True, help=help,
    )


def parallel_options(what: str, verb: str) -> Callable[[Any], Any]:
    """``-j/--jobs`` (``what`` run at once here) and ``--cluster`` (``verb`` on a Dask
    cluster instead): the batch commands' way to spread their work."""

    def add(command: Any) -> Any:
        command = click.option(
            "--cluster", metavar="ADDRESS",
            help=f"{verb} on a Dask cluster: a scheduler's address (tcp://HOST:8786), or "
            "local:N to start N worker processes on this machine (see README).")(command)
        return click.option(
            "-j", "--jobs", default=1, show_default=True, type=click.IntRange(min=1),
            help=f"{what} at once (with --cluster, the workers' threads).")(command)

    return add


def allow_limits_only_option(command: Any) -> Any:
    """The instructor modes' explicit consent to run student code with limits only."""
    from grader.hosts.kinds import ALLOW_FLAG

    return click.option(
        ALLOW_FLAG, "allow_limits_only", is_flag=True,
        help="Run student code even where the local sandbox cannot make its namespaces "
        "(resource limits only: it could read this machine's files and reach its network).",
    )(command)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="grader")
def main() -> None:
    """Grade adversarial-search agents (minimax, alpha-beta, max^n, quiescence, ...).

    Students: `grader check agent.py -a alphabeta` runs your agent on the assignment's
    trees and says where your search went wrong. Instructors: `grader grade` grades a
    folder of submissions, `grader tournament` plays a folder of agents against each
    other; `grader build`, `validate`, `schema` and `tree show` help
    write assignments; `grader kit`, `gradescope` and `ci` hand them out; `grader
    import cs188` converts CS188 tests.

    Exit codes: 0 all tests passed, 1 some failed, 2 bad usage or bad input files.
    """


# Each command lives in its own module, imported only when the command is used, so that
# `grader check` does not pay for the imports of every other command.
_COMMANDS: dict[str, str] = {
    "build": "authoring",
    "check": "check",
    "ci": "ci",
    "grade": "grade",
    "gradescope": "kit",
    "import": "kit",
    "kit": "kit",
    "play": "play",
    "report": "report",
    "sandbox": "sandbox",
    "schema": "authoring",
    "tournament": "tournament",
    "tree": "authoring",
    "validate": "authoring",
}
