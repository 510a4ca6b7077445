"""The Docker Engine calls a sandbox makes on every start and stop, over the engine's API
with the standard library.

A docker sandbox creates, starts, inspects, kills and removes one container per
submission (and pauses it in play mode); those few calls are all it needs of the engine.
The Docker SDK for Python serves everything else (building the image, ``grader sandbox``),
but importing it costs a check about 80 ms of CPU before its container can be created,
which a ``grader check`` started on a student's laptop pays every time: here the
container is asked for as soon as the check starts. :class:`Engine` speaks the same
HTTP API the SDK speaks (unversioned paths: the engine's own version), one connection
per call, so that threads may share it.

The engine is the one ``DOCKER_HOST`` names (``unix://`` or plain ``tcp://``), the local
socket without it; a docker sandbox bind-mounts folders of this machine, so its engine
runs here.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

DEFAULT_SOCKET = "/var/run/docker.sock"
TIMEOUT_S = 60.0  # for one call: a loaded engine can take seconds to start a container


class EngineError(Exception):
    """The engine refused a call, or could not be reached."""

    def __init__(self, message: str, status: int = 0) -> None:
        super().__init__(message)
        self.status = status


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float) -> None:
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        try:
            sock.connect(self._path)
        except OSError:
            sock.close()
            raise
        self.sock = sock


@dataclass(frozen=True)
class Engine:
    """A client of the engine at ``socket_path`` (a Unix socket) or ``host``:``port``."""

    socket_path: str | None = DEFAULT_SOCKET
    host: str | None = None
    port: int = 2375
    timeout: float = TIMEOUT_S

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Engine:
        """The engine ``DOCKER_HOST`` names; an EngineError for one this client cannot
        reach (TLS, ssh: the SDK's)."""
        env = os.environ if environ is None else environ
        where = env.get("DOCKER_HOST", "")
        if not where:
            return cls()
        parts = urlsplit(where)
        if parts.scheme == "unix":
            return cls(socket_path=parts.path)
        if parts.scheme in ("tcp", "http") and not env.get("DOCKER_TLS_VERIFY"):
            return cls(socket_path=None, host=parts.hostname or "localhost",
                       port=parts.port or 2375)
        raise EngineError(f"DOCKER_HOST={where}: the docker sandbox speaks to a local engine "
                          "(unix:// or tcp:// without TLS)")

    def call(self, method: str, path: str, body: Any = None, *,
             query: dict[str, Any] | None = None, timeout: float | None = None) -> Any:
        """The decoded JSON answer to one call (None for an answer that is not JSON, as
        ``/_ping``'s ``OK``); an EngineError with the engine's own message for a status
        of 400 or more."""
        if query:
            path = f"{path}?{urlencode(query)}"
        connection = self._connect(timeout or self.timeout)
        try:
            data = None if body is None else json.dumps(body).encode()
            headers = {"Content-Type": "application/json"} if data is not None else {}
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as exc:
            raise EngineError(f"cannot reach the Docker engine: {exc!r}") from None
        finally:
            connection.close()
        text = raw.decode("utf-8", "replace")
        is_json = "json" in (response.getheader("Content-Type") or "")
        if response.status >= 400:
            try:
                said = json.loads(text).get("message", text) if is_json else text
            except (ValueError, AttributeError):
                said = text
            raise EngineError(f"{response.status} {said}".strip(), response.status)
        try:
            return json.loads(text) if is_json and text.strip() else None
        except ValueError:
            raise EngineError(f"the Docker engine answered {text[:200]!r}") from None

    def _connect(self, timeout: float) -> http.client.HTTPConnection:
        if self.socket_path is not None:
            return _UnixConnection(self.socket_path, timeout)
        return http.client.HTTPConnection(self.host or "localhost", self.port, timeout=timeout)

    def ping(self) -> None:
        """An EngineError unless the engine answers."""
        self.call("GET", "/_ping")

    def has_image(self, name: str) -> bool:
        try:
            self.call("GET", f"/images/{quote(name, safe=':')}/json")
        except EngineError as exc:
            if exc.status == 404:
                return False
            raise
        return True

    def create(self, name: str, config: dict[str, Any]) -> Container:
        created = self.call("POST", "/containers/create", config, query={"name": name})
        return Container(self, created["Id"])

    def container(self, name_or_id: str) -> Container:
        return Container(self, name_or_id)

    def containers(self, label: str) -> list[dict[str, Any]]:
        """Every container (running or not) that carries ``label`` (``key=value``)."""
        found = self.call("GET", "/containers/json",
                          query={"all": "1", "filters": json.dumps({"label": [label]})})
        return list(found or [])


@dataclass
class Container:
    """One container, as the SDK's container objects are used here: ``attrs`` is what
    the last :meth:`reload` read."""

    engine: Engine
    id: str
    attrs: dict[str, Any] = field(default_factory=dict)

    @property
    def status(self) -> str:
        return str(self.attrs.get("State", {}).get("Status", ""))

    def _path(self, action: str = "") -> str:
        return f"/containers/{quote(self.id, safe='')}{action}"

    def reload(self) -> None:
        self.attrs = self.engine.call("GET", self._path("/json"))

    def start(self) -> None:
        self.engine.call("POST", self._path("/start"))

    def kill(self) -> None:
        self.engine.call("POST", self._path("/kill"))

    def pause(self) -> None:
        self.engine.call("POST", self._path("/pause"))

    def unpause(self) -> None:
        self.engine.call("POST", self._path("/unpause"))

    def top(self, *, ps_args: str) -> list[list[str]]:
        """The container's processes as the engine's ``ps ps_args`` lists them (rows of
        the columns ``ps_args`` asks for)."""
        listed = self.engine.call("GET", self._path("/top"), query={"ps_args": ps_args})
        return list((listed or {}).get("Processes") or [])

    def update(self, *, memory: int) -> None:
        """A new memory limit (bytes), swap none."""
        self.engine.call("POST", self._path("/update"),
                         {"Memory": memory, "MemorySwap": memory})

    def remove(self, *, force: bool = False) -> None:
        self.engine.call("DELETE", self._path(), query={"force": "1" if force else "0"})
