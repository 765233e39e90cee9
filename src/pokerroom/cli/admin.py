"""`pokerroom admin ...`: credit or debit an account (a ledger transaction), create accounts.

    pokerroom admin credit alice 5000 [--reason "..."] [--key KEY] [--database URL]
    pokerroom admin debit alice 2000
    pokerroom admin create-account bob [--password '...'] [--admin]   (asks if not given)
    pokerroom admin create-account bot-7 --bot    (no password: bots use the bot secret)
    pokerroom admin balance alice
    pokerroom admin grant-operator alice / revoke-operator alice   (the console at /admin)
    pokerroom admin bot-secret [--rotate]     (what bots log in with; see `pokerroom bots`)
Each credit/debit is one idempotent transaction: pass --key to make a retry safe.
"""

from __future__ import annotations

import asyncio
import uuid

import typer

admin_app = typer.Typer(help="Administer accounts and money.", no_args_is_help=True)

DATABASE = typer.Option(None, help="Database URL (default: ./pokerroom.db or $POKERROOM_DATABASE).")


async def _with_db(url: str | None, work):  # type: ignore[no-untyped-def]
    from pokerroom.storage.database import open_database

    db = await open_database(url)
    try:
        return await work(db)
    finally:
        await db.close()


async def _account_id(db, name: str) -> int:  # type: ignore[no-untyped-def]
    from pokerroom.services.accounts import AccountService

    info = await AccountService(db).find(name)
    if info is None:
        if name.isdigit() and await AccountService(db).get(int(name)) is not None:
            return int(name)
        typer.echo(f"no account named {name!r}", err=True)
        raise typer.Exit(1)
    return info.id


def _move(
    direction: str, account: str, amount: int, reason: str, key: str | None, database: str | None
) -> None:
    from pokerroom.core.errors import PokerRoomError
    from pokerroom.services.cashier import Cashier

    async def work(db) -> str:  # type: ignore[no-untyped-def]
        account_id = await _account_id(db, account)
        cashier = Cashier(db)
        txn_key = key or f"admin-{direction}:{uuid.uuid4()}"
        if direction == "credit":
            posted = await cashier.deposit(account_id, amount, key=txn_key, reason=reason)
        else:
            posted = await cashier.withdraw(account_id, amount, key=txn_key, reason=reason)
        balance = await cashier.wallet_balance(account_id)
        again = " (already done earlier with this key; nothing moved)" if posted.replayed else ""
        return f"{direction} {amount} {account}: transaction {posted.transaction_id}{again}; wallet {balance}"

    try:
        typer.echo(asyncio.run(_with_db(database, work)))
    except PokerRoomError as exc:
        typer.echo(f"refused: {exc}", err=True)
        raise typer.Exit(1) from exc


@admin_app.command()
def credit(
    account: str = typer.Argument(..., help="Account name (or id)."),
    amount: int = typer.Argument(..., help="Chips to add to the wallet."),
    reason: str = typer.Option("admin credit", help="Memo stored with the transaction."),
    key: str = typer.Option(
        None, help="Idempotency key (a retry with the same key moves nothing)."
    ),
    database: str = DATABASE,
) -> None:
    """Deposit chips into an account's wallet."""
    _move("credit", account, amount, reason, key, database)


@admin_app.command()
def debit(
    account: str = typer.Argument(..., help="Account name (or id)."),
    amount: int = typer.Argument(..., help="Chips to take from the wallet."),
    reason: str = typer.Option("admin debit", help="Memo stored with the transaction."),
    key: str = typer.Option(
        None, help="Idempotency key (a retry with the same key moves nothing)."
    ),
    database: str = DATABASE,
) -> None:
    """Withdraw chips from an account's wallet (refused if the wallet holds fewer)."""
    _move("debit", account, amount, reason, key, database)


@admin_app.command("create-account")
def create_account(
    name: str = typer.Argument(...),
    password: str = typer.Option(
        None, help="The player's password (asked for, hidden, when not given; not for --bot)."),
    admin: bool = typer.Option(False, "--admin", help="Give the account admin rights."),
    bot: bool = typer.Option(
        False, "--bot", help="A bot account: no password (bots log in with the room's bot "
        "secret, `pokerroom admin bot-secret`); the name must start with the bot prefix."),
    database: str = DATABASE,
) -> None:
    """Create an account (with the starting balance as a deposit)."""
    from pokerroom.services.accounts import AccountError, AccountService

    if bot and (password is not None or admin):
        typer.echo("refused: a bot account has no password and no admin rights; it logs in "
                   "with the room's bot secret", err=True)
        raise typer.Exit(2)
    if not bot and password is None:
        password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)

    async def work(db) -> str:  # type: ignore[no-untyped-def]
        accounts = AccountService(db)
        if bot:
            info = await accounts.create_bot(name)
            return f"created bot account {info.name} (id {info.id}, no password)"
        info = await accounts.register(name, password, is_admin=admin)
        return f"created account {info.name} (id {info.id})"

    try:
        typer.echo(asyncio.run(_with_db(database, work)))
    except AccountError as exc:
        typer.echo(f"refused: {exc}", err=True)
        raise typer.Exit(1) from exc


@admin_app.command()
def balance(account: str = typer.Argument(...), database: str = DATABASE) -> None:
    """Show an account's wallet and its chips at tables."""
    from pokerroom.services.cashier import Cashier

    async def work(db) -> str:  # type: ignore[no-untyped-def]
        account_id = await _account_id(db, account)
        cashier = Cashier(db)
        lines = [f"wallet {await cashier.wallet_balance(account_id)}"]
        lines += [f"table {t}: {b}" for t, a, b in await cashier.escrows() if a == account_id]
        return "\n".join(lines)

    typer.echo(asyncio.run(_with_db(database, work)))


def _set_operator(name: str, on: bool, database: str | None) -> None:
    from pokerroom.services.operators import OperatorError, Operators

    async def work(db) -> str:  # type: ignore[no-untyped-def]
        before = await Operators(db).set_role(name, on)
        role = "an operator" if on else "not an operator"
        return f"{name} is {role}" + (" (unchanged)" if before == on else "")

    try:
        typer.echo(asyncio.run(_with_db(database, work)))
    except OperatorError as exc:
        typer.echo(f"refused: {exc.reason}", err=True)
        raise typer.Exit(1) from exc


@admin_app.command("grant-operator")
def grant_operator(name: str = typer.Argument(..., help="Account name."),
                   database: str = DATABASE) -> None:
    """Give an account the operator role: the console at /admin (logged as by 'cli')."""
    _set_operator(name, True, database)


@admin_app.command("revoke-operator")
def revoke_operator(name: str = typer.Argument(..., help="Account name."),
                    database: str = DATABASE) -> None:
    """Take the operator role away (the console refuses the account at once)."""
    _set_operator(name, False, database)


@admin_app.command("bot-secret")
def bot_secret_command(
    rotate: bool = typer.Option(False, "--rotate",
                                help="Make a new one (running bots must be restarted with it)."),
    database: str = DATABASE,
) -> None:
    """Print the room's bot secret, for bots run on another machine (POKERROOM_BOT_SECRET)."""
    from pokerroom.services.room_secrets import bot_secret, rotate_bot_secret

    async def work(db) -> str:  # type: ignore[no-untyped-def]
        value = await rotate_bot_secret(db) if rotate else await bot_secret(db)
        assert value is not None
        return value

    typer.echo(asyncio.run(_with_db(database, work)))


def register(app: typer.Typer) -> None:
    app.add_typer(admin_app, name="admin")
