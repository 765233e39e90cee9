"""Application services: asyncio allowed, no HTTP."""
