"""Shared fixtures: tiny trees, and the Docker marker's skip where no engine exists."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def docker_available() -> bool:
    import gc
    import warnings

    client = None
    with warnings.catch_warnings():  # a client that failed half-way leaves its socket to gc
        warnings.simplefilter("ignore", ResourceWarning)
        try:
            import docker

            client = docker.from_env(timeout=5)
            client.ping()
            return True
        except Exception:  # no engine, or no right to its socket (an ordinary user)
            return False
        finally:
            if client is not None:
                client.close()
            gc.collect()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not any(item.get_closest_marker("docker") for item in items):
        return
    if docker_available():
        return
    skip = pytest.mark.skip(reason="no Docker engine can be reached")
    for item in items:
        if item.get_closest_marker("docker"):
            item.add_marker(skip)


@pytest.fixture
def fig52() -> dict[str, object]:
    """AIMA figure 5.2:   A(max) -> B(min): 3 12 8 | C(min): 2 4 6 | D(min): 14 5 2."""
    return {"format": "game-tree/1", "name": "fig52", "nested": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}
