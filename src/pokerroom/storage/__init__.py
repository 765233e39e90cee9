"""Storage: SQLAlchemy 2 (async) + Alembic; a SQLite file by default, PostgreSQL by URL.

How the server uses it (the services wrap everything; the server writes no SQL):

    from pokerroom.storage.database import default_database_url, open_database
    db = await open_database(url or default_database_url())   # migrates to head (Alembic)
    report = await recover(db, uth_settler=settle_from_record)  # once, before tables open
    accounts = AccountService(db, AccountSettings(starting_balance=10_000))
    cashier = Cashier(db); hands = HandStore(db); rounds = UthRounds(db)
    notices = NoticeBox(db); leases = TableLeases(db)
    ...
    await db.close()

Where each piece lives (each module's docstring is its manual):
- storage.database: URLs (`default_database_url`, $POKERROOM_DATABASE), engines, `write()` /
  `read()` transactions, `run_write()` (retries lost races); SQLite WAL + synchronous=FULL.
- storage.migrate: Alembic run programmatically; migrations ship in storage/migrations.
- storage.models: the tables. storage.ledger: double-entry posting inside a transaction.
- storage.records: core records (HandRecord, UTH RoundRecord) <-> JSON text.
- storage.errors: InsufficientFundsError, IdempotencyConflictError, StateError, ...
- services.accounts: register / login / logout / session_account, throttling.
- services.cashier: deposit, withdraw, buy_in, cash_out(_all), balances, statement.
- services.hands: begin_hand / settle_hand (hand record and chips in one commit), history.
- services.uth_rounds: begin_round / stake / settle_round / void_round, settle_from_record.
- services.recovery: `recover()` voids hands in progress, settles-or-voids UTH rounds.
- services.notices: messages kept for a player until delivered (voided hands).
- services.audit + `pokerroom audit`: the books balance and every record replays.
- services.leases: which node owns a table (several nodes on one PostgreSQL).
"""
