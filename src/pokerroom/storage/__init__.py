"""Storage: SQLAlchemy 2 (async) + Alembic; a SQLite file by default, PostgreSQL by URL.

How the server uses it (the services wrap everything; the server never writes SQL):

    from pokerroom.storage.database import default_database_url, open_database
    db = await open_database(args.database or default_database_url())  # runs migrations
    ...                                  # services: accounts, cashier, hands, uth_rounds,
    report = await recover(db, uth_settler=...)   # services.recovery, once at start
    await db.close()

Modules: database (URL, engines, write/read transactions), migrate (Alembic, programmatic),
models (tables), ledger (double-entry posting inside a transaction), errors.
"""
