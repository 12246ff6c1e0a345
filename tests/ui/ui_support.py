"""Helpers shared by the app's pilot and snapshot tests."""

from __future__ import annotations

#: Generous pauses (seconds) so the tests pass on a slow, busy machine; they never assert on timing.
PAUSE = 0.3


async def settle(pilot, app, pause: float = PAUSE) -> None:
    """Wait for the app's workers and a repaint."""
    await pilot.pause(pause)
    await app.workers.wait_for_complete()
    await pilot.pause(pause)


def sync(test):
    """Run an ``async def`` test with :func:`asyncio.run` (no async pytest plugin needed)."""
    import asyncio
    import functools

    @functools.wraps(test)
    def wrapper(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return wrapper
