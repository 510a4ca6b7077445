"""Sandboxes for untrusted submissions: the stdlib-only harness and the Docker image."""
