"""Shared fixtures: tiny trees, and the Docker marker's skip where no engine exists."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SYSTEM_TMP = tempfile.gettempdir()  # read once, before any test points it elsewhere


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


def world_folder(prefix: str) -> Path:
    """A new folder in the system's temp folder that every user may enter and write to
    (sticky, like /tmp): a sandbox may run its code as another user, and pytest keeps its
    own folders private to their owner."""
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=SYSTEM_TMP))
    folder.chmod(0o1777)
    return folder


# Folders (under tests/) whose tests start sandboxes and count what a run leaves in the
# temp folder: each of their tests gets a temp folder of its own. Every other test shares
# its worker's, which costs nothing per test (most of the suite is thousands of small
# in-process cases, for which a folder made and removed each time was a fifth of the time).
_OWN_TEMP_FOLDER = ("hostile", "grader/hosts", "grader/grading")
_TESTS = Path(__file__).resolve().parent


@contextlib.contextmanager
def temp_folder(prefix: str) -> Iterator[Path]:
    """A new world-writable folder that ``TMPDIR`` (read by the grader's subprocesses) and
    :mod:`tempfile`'s cached folder both point to while it is open; removed after."""
    folder = world_folder(prefix)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TMPDIR", str(folder))
        patch.setattr(tempfile, "tempdir", str(folder))
        yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def worker_tmpdir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The temp folder of this test process (one per xdist worker), for itself and every
    process it starts: whatever else runs on the machine (another grader, another worker)
    writes elsewhere."""
    tmp_path_factory.getbasetemp()  # pytest's own folder, fixed before TMPDIR moves
    with temp_folder("grader-tests-") as folder:
        yield folder


@pytest.fixture(autouse=True)
def private_tmpdir(request: pytest.FixtureRequest, worker_tmpdir: Path) -> Iterator[Path]:
    """A test of :data:`_OWN_TEMP_FOLDER` gets a temp folder of its own, so a test that
    counts what a run leaves there counts only its own runs; any other shares its worker's."""
    where = request.node.path.parent.relative_to(_TESTS).as_posix()
    if not where.startswith(_OWN_TEMP_FOLDER):
        yield worker_tmpdir
        return
    with temp_folder("grader-test-") as folder:
        yield folder


@pytest.fixture
def without_bwrap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This machine as one without bubblewrap: the local sandbox runs with limits only."""
    empty = tmp_path / "no-bwrap"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    from grader.hosts.isolation import local_isolation

    local_isolation.cache_clear()
    yield
    local_isolation.cache_clear()
