"""The docker tests' engine and image, shared by the files that start containers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from grader.hosts.docker import docker_client
from grader.hosts.image import build_image


@pytest.fixture(scope="session")
def client() -> Iterator[Any]:
    client = docker_client()
    yield client
    client.close()


@pytest.fixture(scope="session")
def image(client: Any) -> str:
    """The current sandbox image, built offline (from the cached base) if missing. The
    engine is reachable here (the marker skips where it is not): a failed build fails."""
    return build_image(client, offline=True)
