"""Sandboxes: ``local`` (a limited child process) and ``docker`` (one container)."""

from __future__ import annotations
