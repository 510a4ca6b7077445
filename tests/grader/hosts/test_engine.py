"""The engine calls a docker sandbox makes with the standard library
(:mod:`grader.hosts.engine`): the container it asks for is the one the Docker SDK would
ask for with the same options, and ``DOCKER_HOST`` is read as the SDK reads it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grader.hosts.docker import SOCKET_DIR, SUBMISSION_DIR, TMP_OPTIONS, DockerSandbox
from grader.hosts.engine import DEFAULT_SOCKET, Engine, EngineError


def sandbox_for_config(tmp_path: Path, **options: Any) -> DockerSandbox:
    """A DockerSandbox whose configuration can be read: made without an engine (nothing
    here starts a container)."""
    box = DockerSandbox.__new__(DockerSandbox)
    box.memory_mb, box.cpus, box.cpuset_cpus = 128, 1.0, None
    box.image = "search-grader-sandbox:test"
    box._folder, box._sockets = tmp_path / "submission", tmp_path / "sock"
    for name, value in options.items():
        setattr(box, name, value)
    return box


@pytest.mark.parametrize(
    ("options"),
    [
        pytest.param({}, id="defaults"),
        pytest.param({"memory_mb": 512, "cpus": 0.5, "cpuset_cpus": "1"}, id="pinned"),
    ],
)
def test_the_host_config_is_the_one_the_sdk_would_send(
    tmp_path: Path, options: dict[str, Any]
) -> None:
    from docker.api.client import APIClient

    box = sandbox_for_config(tmp_path, **options)
    memory = f"{box.memory_mb + 40}m"
    sdk_options: dict[str, Any] = {
        "network_mode": "none", "mem_limit": memory, "memswap_limit": memory,
        "pids_limit": 64, "nano_cpus": int(box.cpus * 1e9), "read_only": True,
        "tmpfs": {"/tmp": TMP_OPTIONS}, "cap_drop": ["ALL"],
        "security_opt": box.host_config()["SecurityOpt"], "log_config": {"type": "none"},
        "binds": {str(box._folder): {"bind": SUBMISSION_DIR, "mode": "ro"},
                  str(box._sockets): {"bind": SOCKET_DIR, "mode": "rw"}},
    }
    if box.cpuset_cpus is not None:
        sdk_options["cpuset_cpus"] = box.cpuset_cpus
    api = APIClient(base_url="unix:///nonexistent.sock", version="1.41")  # never connects
    assert box.host_config() == api.create_host_config(**sdk_options)
    config = box.container_config("x.sock")
    assert config["User"] == "65534:65534"
    assert config["HostConfig"]["SecurityOpt"][0] == "no-new-privileges"
    assert '"defaultAction":"SCMP_ACT_ERRNO"' in config["HostConfig"]["SecurityOpt"][1]


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        pytest.param("", Engine(), id="unset"),
        pytest.param("unix:///run/user/1000/docker.sock",
                     Engine(socket_path="/run/user/1000/docker.sock"), id="rootless"),
        pytest.param("tcp://127.0.0.1:2376", Engine(socket_path=None, host="127.0.0.1",
                                                     port=2376), id="tcp"),
    ],
)
def test_docker_host_names_the_engine(host: str, expected: Engine) -> None:
    assert Engine.from_env({"DOCKER_HOST": host} if host else {}) == expected
    assert Engine().socket_path == DEFAULT_SOCKET


def test_an_engine_this_client_cannot_reach_says_so() -> None:
    with pytest.raises(EngineError, match="DOCKER_HOST=ssh://me@host"):
        Engine.from_env({"DOCKER_HOST": "ssh://me@host"})
    with pytest.raises(EngineError, match="cannot reach the Docker engine"):
        Engine(socket_path="/nonexistent/docker.sock").ping()
