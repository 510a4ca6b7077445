"""``grader sandbox``: build the docker sandbox's image, sweep leftover containers."""

from __future__ import annotations

import click

from grader.cli import main


@main.group()
def sandbox() -> None:
    """The docker sandbox: its image and its containers."""


@sandbox.command()
@click.option(
    "--offline",
    is_flag=True,
    help="Build FROM a Debian root made by debootstrap (needs root), not python:3.11-slim.",
)
@click.option(
    "--mirror", metavar="URL", help="The Debian mirror for --offline (default: apt's own)."
)
def build(offline: bool, mirror: str | None) -> None:
    """Build the sandbox image, tagged with a hash of the Dockerfile and the harness.

    Without --offline the base comes from an image registry; with it, from the Debian
    mirror apt uses (the base is made once, about a minute, and kept as an image).
    Images of earlier harnesses are removed unless a container still uses them.
    """
    from grader.hosts.docker import docker_client
    from grader.hosts.image import build_image

    if mirror and not offline:
        raise click.UsageError("--mirror applies only to --offline builds")
    client = docker_client()
    tag = build_image(client, offline=offline, mirror=mirror, prune=True, log=click.echo)
    click.echo(f"built: {tag}")


@sandbox.command()
@click.option(
    "--all", "everything", is_flag=True, help="Also remove containers of graders still running."
)
def sweep(everything: bool) -> None:
    """Remove sandbox containers (label search-grader=sandbox) left by a grader that died."""
    from grader.hosts.docker import shared_engine
    from grader.hosts.owners import sweep as sweep_containers

    removed = sweep_containers(shared_engine(), everything=everything)
    for name in removed:
        click.echo(f"removed: {name}")
    click.echo(f"{len(removed)} container(s) removed")
