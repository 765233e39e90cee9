"""Accounts: register, log in / out, sessions, throttled failed logins, the signup deposit.

    from pokerroom.services.accounts import AccountService, AccountSettings
    accounts = AccountService(db, AccountSettings(starting_balance=10_000))
    info = await accounts.register("Alice", "correct horse battery")   # -> AccountInfo
    login = await accounts.login("alice", "correct horse battery", ip="10.0.0.1")
    login.token            # opaque; put it in the HttpOnly cookie; only its SHA-256 is stored
    await accounts.session_account(login.token)     # -> AccountInfo | None (expired/revoked)
    await accounts.logout(login.token)

Bots (issue 12, item 7) are accounts marked `is_bot`, with no password: they log in only with
the deployment's bot secret (`bot_login`, services.room_secrets), never at the public login
(BotLoginRefusedError), and only they may take a name with the bot prefix (`is_bot_name`:
"bot" then a digit, "_", "." or "-", or "bot" alone, in any case), so a player cannot pass
for one.

Refusals: NameTakenError (names are unique case-insensitively), InvalidNameError,
ReservedNameError (the bot prefix at public sign-up), BadBotSecretError,
WeakPasswordError (policy in PASSWORD_POLICY), InvalidCredentialsError (one message for an
unknown name and a wrong password), LoginThrottledError(retry_after_ms) after too many failures
for one name from one address (growing delays) or from one address in the window. Time is an input (`now_ms=`) so tests need no sleep.
Hashes are argon2id (argon2-cffi); hashing runs in a worker thread. A new account gets
`starting_balance` chips as a ledger deposit (key `signup:<id>`) in the same transaction.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.core.errors import PokerRoomError
from pokerroom.i18n import valid_language
from pokerroom.services import clock
from pokerroom.storage import ledger
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account, LoginFailure, Session

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{2,19}$")
PASSWORD_MIN, PASSWORD_MAX = 10, 128
# The bot prefix: "bot" alone or followed by a non-letter ("bot01", "bot-sng3", "BOT_x"), so
# that "Bottle" or "Botond" stay free for players.
BOT_NAME_RE = re.compile(r"^bot(?:$|[^a-z])")
BOT_PREFIX = "bot"
NO_PASSWORD = "!bot"  # a bot's password_hash: not argon2, so no password ever verifies
PASSWORD_POLICY = (
    f"a password needs {PASSWORD_MIN} to {PASSWORD_MAX} characters, at least 5 different "
    "characters, must not contain the account name, and must not be a common password"
)
COMMON_PASSWORDS = frozenset(
    {
        "password", "password1", "password12", "password123", "passw0rd", "1234567890",
        "12345678910", "qwertyuiop", "qwerty1234", "123456789a", "iloveyou12", "letmein123",
        "pokerpoker", "pokerroom1", "abcdefghij", "0987654321", "1q2w3e4r5t", "aaaaaaaaaa",
        "welcome123", "football12", "monkey1234", "dragon1234", "sunshine12", "princess12",
    }
)  # fmt: skip


class AccountError(PokerRoomError):
    """A refused account request."""


class NameTakenError(AccountError):
    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(f"the name {name!r} is taken (names are compared ignoring case)")


class InvalidNameError(AccountError, ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(
            f"invalid name {name!r}: 3 to 20 letters, digits, '_', '.' or '-', "
            "starting with a letter or digit"
        )


class ReservedNameError(InvalidNameError):
    def __init__(self, name: str) -> None:
        AccountError.__init__(
            self, f"the name {name!r} is reserved: names starting with 'bot' followed by a digit, "
            "'_', '.' or '-' (or 'bot' alone) belong to the room's bots")


class BotLoginRefusedError(AccountError):
    def __init__(self) -> None:
        super().__init__("this is a bot account: bots log in only with the room's bot secret")


class BadBotSecretError(AccountError):
    def __init__(self) -> None:
        super().__init__("wrong bot secret (bots read it from the room's database, or from "
                         "$POKERROOM_BOT_SECRET; `pokerroom admin bot-secret` prints it)")


class WeakPasswordError(AccountError, ValueError):
    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"weak password: {reason}; {PASSWORD_POLICY}")


class InvalidCredentialsError(AccountError):
    def __init__(self) -> None:
        super().__init__("unknown name or wrong password")


class LoginThrottledError(AccountError):
    def __init__(self, retry_after_ms: int) -> None:
        self.retry_after_ms = retry_after_ms
        super().__init__(f"too many failed logins; try again in {max(1, retry_after_ms // 1000)} s")


@dataclass(frozen=True, slots=True, kw_only=True)
class AccountSettings:
    starting_balance: int = 10_000
    session_ttl_ms: int = 30 * 24 * 3600 * 1000
    failure_window_ms: int = 15 * 60 * 1000
    # Failed logins for one name from one address before delays start; then each further
    # attempt from that pair waits first_delay_ms, doubling up to max_delay_ms. Keyed on the
    # pair, so a stranger failing someone's password elsewhere never locks them out.
    max_failures_per_name: int = 5
    first_delay_ms: int = 1000
    max_delay_ms: int = 15 * 60 * 1000
    max_failures_per_ip: int = 30  # all names from one address, per window
    max_verifying_per_ip: int = 2  # password checks running at once for one address
    # argon2id cost; tests pass a cheaper one (the hash still is argon2id).
    hasher: PasswordHasher = field(default_factory=PasswordHasher)


class AccountLockedError(PokerRoomError):
    """The right password for an account an operator locked."""

    def __init__(self) -> None:
        super().__init__("this account is locked; contact the room")


@dataclass(frozen=True, slots=True, kw_only=True)
class AccountInfo:
    id: int
    name: str
    is_bot: bool = False
    is_admin: bool = False
    language: str | None = None  # "en" / "de": the player's choice, kept for every browser


@dataclass(frozen=True, slots=True, kw_only=True)
class LoginResult:
    account: AccountInfo
    token: str
    expires_ms: int



def name_key(name: str) -> str:
    return name.strip().casefold()


def is_bot_name(name: str) -> bool:
    """Whether a name carries the bot prefix (reserved for bot accounts)."""
    return BOT_NAME_RE.match(name_key(name)) is not None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_password_policy(name: str, password: str) -> None:
    """Raise WeakPasswordError naming the first requirement the password misses."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise WeakPasswordError(f"it has {len(password)} characters")
    if len(set(password)) < 5:
        raise WeakPasswordError("it has fewer than 5 different characters")
    if name_key(name) and name_key(name) in password.casefold():
        raise WeakPasswordError("it contains the account name")
    if password.casefold() in COMMON_PASSWORDS:
        raise WeakPasswordError("it is a common password")


def _info(row: Account) -> AccountInfo:
    return AccountInfo(id=row.id, name=row.name, is_bot=row.is_bot, is_admin=row.is_admin,
                       language=row.language)


IS_BOT_KEPT = 100_000


class AccountService:
    def __init__(self, db: Database, settings: AccountSettings | None = None) -> None:
        self.db = db
        self.settings = settings or AccountSettings()
        self._verifying: dict[str, int] = {}  # address -> password checks running now
        # Whether an account is a bot's never changes (set when the account is made): asked
        # at every sit of a crowd of bots, it is kept (bounded: IS_BOT_KEPT accounts).
        self._is_bot: dict[int, bool] = {}

    async def register(
        self,
        name: str,
        password: str,
        *,
        is_bot: bool = False,
        is_admin: bool = False,
        language: str | None = None,
        now_ms: int | None = None,
    ) -> AccountInfo:
        """Create an account and deposit the starting balance, atomically. `language` is the
        one the player saw when signing up (kept only if it is one of the room's)."""
        name = name.strip()
        if not NAME_RE.match(name):
            raise InvalidNameError(name)
        if is_bot_name(name) and not is_bot:
            raise ReservedNameError(name)
        check_password_policy(name, password)
        at = clock.now_ms() if now_ms is None else now_ms
        async with self.db.read() as session:
            if await self._by_name(session, name) is not None:
                raise NameTakenError(name)
        password_hash = await asyncio.to_thread(self.settings.hasher.hash, password)
        try:
            async with self.db.write() as session:
                row = Account(
                    name=name,
                    name_key=name_key(name),
                    password_hash=password_hash,
                    is_bot=is_bot,
                    is_admin=is_admin,
                    created_ms=at,
                    language=valid_language(language),
                )
                session.add(row)
                await session.flush()
                await ledger.ensure_accounts(session, [ledger.wallet(row.id)])
                if self.settings.starting_balance > 0:
                    await ledger.post(
                        session,
                        kind="deposit",
                        idempotency_key=f"signup:{row.id}",
                        legs=[
                            (ledger.WORLD_REF, -self.settings.starting_balance),
                            (ledger.wallet(row.id), self.settings.starting_balance),
                        ],
                        now_ms=at,
                        memo="signup bonus",
                    )
                return _info(row)
        except IntegrityError as exc:
            raise NameTakenError(name) from exc

    @staticmethod
    async def _by_name(session: AsyncSession, name: str) -> Account | None:
        return (
            await session.execute(select(Account).where(Account.name_key == name_key(name)))
        ).scalar_one_or_none()

    async def get(self, account_id: int) -> AccountInfo | None:
        async with self.db.read() as session:
            row = await session.get(Account, account_id)
            return None if row is None else _info(row)

    async def is_bot(self, account_id: int) -> bool:
        """Whether the account is a bot's (marked on the account; the seats show it)."""
        known = self._is_bot.get(account_id)
        if known is not None:
            return known
        info = await self.get(account_id)
        if info is None:
            return False  # (not kept: no such account yet)
        return self._keep(info).is_bot

    def _keep(self, info: AccountInfo) -> AccountInfo:
        """Keep whether `info` is a bot's (read anyway: a session's account, at every
        WebSocket's authentication, so that the sit after it need not ask)."""
        if len(self._is_bot) >= IS_BOT_KEPT:
            self._is_bot.clear()
        self._is_bot[info.id] = info.is_bot
        return info

    async def set_language(self, account_id: int, language: str) -> str:
        """Remember the player's language on the account (every browser will use it)."""
        lang = valid_language(language)
        if lang is None:
            raise ValueError(f"unknown language {language!r}")
        async with self.db.write() as session:
            await session.execute(
                update(Account).where(Account.id == account_id).values(language=lang))
        return lang

    async def find(self, name: str) -> AccountInfo | None:
        async with self.db.read() as session:
            row = await self._by_name(session, name)
            return None if row is None else _info(row)

    async def _throttle_wait(self, session: AsyncSession, pair: str, ip_key: str | None,
                             at: int) -> int:
        """Milliseconds until this name may be tried again from this address (0: now)."""
        st = self.settings
        since = at - st.failure_window_ms
        count, last = (await session.execute(
            select(func.count(), func.max(LoginFailure.at_ms)).where(
                LoginFailure.key == pair, LoginFailure.at_ms > since))).one()
        wait = 0
        if count >= st.max_failures_per_name:
            delay = min(st.max_delay_ms,
                        st.first_delay_ms * 2 ** min(30, count - st.max_failures_per_name))
            wait = int(last) + delay - at
        if ip_key is not None:
            count, oldest = (await session.execute(
                select(func.count(), func.min(LoginFailure.at_ms)).where(
                    LoginFailure.key == ip_key, LoginFailure.at_ms > since))).one()
            if count >= st.max_failures_per_ip:
                wait = max(wait, int(oldest) + st.failure_window_ms - at)
        return max(wait, 0)

    async def login(
        self, name: str, password: str, *, ip: str = "", now_ms: int | None = None
    ) -> LoginResult:
        """Check the password and open a new session.

        Throttled per name and address together, with growing delays, and per address for
        all names. The attempt is recorded as a failure *before* the password is checked, in
        the same transaction as the throttle check, so concurrent attempts cannot slip past
        it; a success removes it again. At most `max_verifying_per_ip` checks run at once for
        one address (the others are refused at once, before any hashing)."""
        at = clock.now_ms() if now_ms is None else now_ms
        running = self._verifying.get(ip, 0)
        if ip and running >= self.settings.max_verifying_per_ip:
            raise LoginThrottledError(1000)
        self._verifying[ip] = running + 1
        try:
            return await self._login(name, password, ip, at)
        finally:
            left = self._verifying.get(ip, 1) - 1
            if left > 0:
                self._verifying[ip] = left
            else:
                self._verifying.pop(ip, None)

    async def _login(self, name: str, password: str, ip: str, at: int) -> LoginResult:
        pair = f"pair:{name_key(name)}|{ip}"
        ip_key = f"ip:{ip}" if ip else None
        async with self.db.write() as session:
            if not self.db.is_sqlite:
                # SQLite writes are serialized already; on PostgreSQL, concurrent attempts for
                # one address (then one pair: always in this order) queue on a lock, so each
                # sees the ones before it.
                for key in (k for k in (ip_key, pair) if k is not None):
                    await session.execute(text("SELECT pg_advisory_xact_lock(hashtext(:k))"),
                                          {"k": key})
            wait = await self._throttle_wait(session, pair, ip_key, at)
            if wait > 0:
                raise LoginThrottledError(wait)
            attempt = [LoginFailure(key=pair, at_ms=at)]
            if ip_key is not None:
                attempt.append(LoginFailure(key=ip_key, at_ms=at))
            session.add_all(attempt)
            await session.flush()
            attempt_ids = [row.id for row in attempt]
            await session.execute(
                delete(LoginFailure).where(
                    LoginFailure.at_ms < at - 2 * self.settings.failure_window_ms
                )
            )
        async with self.db.read() as session:
            row = await self._by_name(session, name)
        ok = False
        if row is not None:
            try:
                ok = await asyncio.to_thread(
                    self.settings.hasher.verify, row.password_hash, password
                )
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                ok = False
        else:
            # Spend the same time on an unknown name so timing does not reveal which names exist.
            await asyncio.to_thread(self.settings.hasher.hash, password)
        if row is not None and row.is_bot:
            # Refused whatever the password (a bot has none): only bot_login opens a bot.
            raise BotLoginRefusedError()
        if ok and row is not None and row.locked_ms is not None:
            raise AccountLockedError()
        if not ok or row is None:
            raise InvalidCredentialsError()
        token, expires = secrets.token_urlsafe(32), at + self.settings.session_ttl_ms
        new_hash = None
        if self.settings.hasher.check_needs_rehash(row.password_hash):
            # Hashed outside the write transaction: the single writer is never held for it.
            new_hash = await asyncio.to_thread(self.settings.hasher.hash, password)
        async with self.db.write() as session:
            session.add(
                Session(
                    token_hash=token_hash(token),
                    account_id=row.id,
                    created_ms=at,
                    expires_ms=expires,
                )
            )
            # A success clears this pair's failures and does not count against the address.
            await session.execute(delete(LoginFailure).where(
                (LoginFailure.key == pair) | LoginFailure.id.in_(attempt_ids)))
            if new_hash is not None:
                await session.execute(
                    update(Account).where(Account.id == row.id).values(password_hash=new_hash)
                )
        return LoginResult(account=_info(row), token=token, expires_ms=expires)

    async def bot_login(self, name: str, secret: str, *, now_ms: int | None = None) -> LoginResult:
        """A session for a bot, proven by the deployment's bot secret: its bot account, created
        (marked as a bot, no password, the starting balance) when the name is new. A new name
        must carry the bot prefix; a player's account is never opened this way."""
        from pokerroom.services.room_secrets import bot_secret_in

        name = name.strip()
        # One snapshot for the secret and the account (a crowd of bots logs in at once: each
        # transaction is a round trip, each write an fsync on SQLite; issue 11).
        async with self.db.read() as session:
            expected = await bot_secret_in(session)
            row = await self._by_name(session, name)
            account = None if row is None else _info(row)
            locked = row is not None and row.locked_ms is not None
        if expected is None or not hmac.compare_digest(secret.encode(), expected.encode()):
            raise BadBotSecretError()
        if account is None:
            if not NAME_RE.match(name):
                raise InvalidNameError(name)
            if not is_bot_name(name):
                raise ReservedNameError(name)  # the other way round: a bot must look like one
            try:
                # made and logged in in one write: a new bot is not locked
                return await self._create_bot_with_session(name, now_ms)
            except NameTakenError:
                return await self.bot_login(name, secret, now_ms=now_ms)  # a concurrent login
        if not account.is_bot:
            raise NameTakenError(name)
        if locked:
            raise AccountLockedError()
        return await self.open_session(account, now_ms=now_ms)

    async def create_bot(self, name: str, *, now_ms: int | None = None) -> AccountInfo:
        """A bot account made ahead of its first login (`pokerroom admin create-account
        --bot`): marked as a bot, no password (it logs in with the bot secret only)."""
        name = name.strip()
        if not NAME_RE.match(name):
            raise InvalidNameError(name)
        if not is_bot_name(name):  # a bot must look like one
            raise AccountError(f"a bot's name starts with 'bot' followed by a digit, '_', '.' "
                               f"or '-' (or is 'bot'): not {name!r}")
        if await self.find(name) is not None:
            raise NameTakenError(name)
        return await self._create_bot(name, now_ms)

    async def _create_bot(self, name: str, now_ms: int | None) -> AccountInfo:
        at = clock.now_ms() if now_ms is None else now_ms
        try:
            async with self.db.write() as session:
                return await self._add_bot(session, name, at)
        except IntegrityError as exc:
            raise NameTakenError(name) from exc

    async def _add_bot(self, session: AsyncSession, name: str, at: int) -> AccountInfo:
        row = Account(name=name, name_key=name_key(name), password_hash=NO_PASSWORD,
                      is_bot=True, is_admin=False, created_ms=at)
        session.add(row)
        await session.flush()
        await ledger.ensure_accounts(session, [ledger.wallet(row.id)])
        if self.settings.starting_balance > 0:
            await ledger.post(
                session, kind="deposit", idempotency_key=f"signup:{row.id}",
                legs=[(ledger.WORLD_REF, -self.settings.starting_balance),
                      (ledger.wallet(row.id), self.settings.starting_balance)],
                now_ms=at, memo="signup bonus")
        return _info(row)

    async def _create_bot_with_session(self, name: str, now_ms: int | None) -> LoginResult:
        """A new bot account and its first session in one transaction."""
        at = clock.now_ms() if now_ms is None else now_ms
        token, expires = secrets.token_urlsafe(32), at + self.settings.session_ttl_ms

        async def work(session: AsyncSession) -> AccountInfo:
            account = await self._add_bot(session, name, at)
            session.add(Session(token_hash=token_hash(token), account_id=account.id,
                                created_ms=at, expires_ms=expires))
            return account

        try:
            async with self.db.write() as session:
                account = await work(session)
        except IntegrityError as exc:
            raise NameTakenError(name) from exc
        return LoginResult(account=account, token=token, expires_ms=expires)

    async def open_session(self, account: AccountInfo, *, now_ms: int | None = None) -> LoginResult:
        """A new session for an account just proven (at registration: no second hash)."""
        at = clock.now_ms() if now_ms is None else now_ms
        token, expires = secrets.token_urlsafe(32), at + self.settings.session_ttl_ms

        async def work(session: AsyncSession) -> None:
            session.add(Session(token_hash=token_hash(token), account_id=account.id,
                                created_ms=at, expires_ms=expires))

        async with self.db.write() as session:
            await work(session)
        return LoginResult(account=account, token=token, expires_ms=expires)

    async def session_account(self, token: str, *, now_ms: int | None = None) -> AccountInfo | None:
        """The account a session token belongs to, or None (unknown, expired or logged out)."""
        at = clock.now_ms() if now_ms is None else now_ms
        async with self.db.read() as session:
            row = (
                await session.execute(
                    select(Account)
                    .join(Session, Session.account_id == Account.id)
                    .where(
                        Session.token_hash == token_hash(token),
                        Session.revoked_ms.is_(None),
                        Session.expires_ms > at,
                        Account.locked_ms.is_(None),  # an operator locked it: no session works
                    )
                )
            ).scalar_one_or_none()
            return None if row is None else self._keep(_info(row))

    async def logout(self, token: str, *, now_ms: int | None = None) -> bool:
        """Revoke the session; True if it was open."""
        at = clock.now_ms() if now_ms is None else now_ms
        async with self.db.write() as session:
            result = await session.execute(
                update(Session)
                .where(Session.token_hash == token_hash(token), Session.revoked_ms.is_(None))
                .values(revoked_ms=at)
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]
