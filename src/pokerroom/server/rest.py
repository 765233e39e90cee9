"""The REST part: auth (register, login, logout, me), lobby, wallet and ledger entries."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Request, Response
from pydantic import BaseModel, Field

from pokerroom.i18n import LANGUAGES, negotiate, valid_language
from pokerroom.i18n.memos import memo_words
from pokerroom.server.openapi_refusals import DESCRIPTIONS, refuses
from pokerroom.server.state import COOKIE_NAME, ServerState, session_token_from
from pokerroom.server.statement import statement_csv
from pokerroom.services import rulebook
from pokerroom.services.accounts import (
    AccountLockedError,
    BadBotSecretError,
    BotLoginRefusedError,
    InvalidCredentialsError,
    InvalidNameError,
    LoginResult,
    LoginThrottledError,
    NameTakenError,
    WeakPasswordError,
)


class Refusal(BaseModel):
    """A refusal: `{"code", "reason", ...}` (the room's own), or FastAPI's text for a body that
    is not JSON at all."""

    detail: dict[str, Any] | str | list[dict[str, Any]]  # a list: FastAPI's validation 422


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the refusals an operation answers for its own reasons (all with a
    Refusal body). Those that follow from a session, a body or parameters are added to every
    operation by server.openapi_refusals."""
    return {code: {"model": Refusal, "description": DESCRIPTIONS.get(code, "Refused")}
            for code in codes}


router = APIRouter(prefix="/api")


class Credentials(BaseModel):
    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=256)
    # At sign-up: the language the page was shown in (else the Accept-Language header's).
    language: str | None = Field(default=None, max_length=8)


class BotCredentials(BaseModel):
    username: str = Field(min_length=1, max_length=64)
    secret: str = Field(min_length=1, max_length=256)


class AccountOut(BaseModel):
    id: int
    username: str
    balance: int
    language: str | None = None  # the player's language, the same in every browser


class LanguageIn(BaseModel):
    language: str = Field(min_length=1, max_length=8)


class AuthOut(BaseModel):
    account: AccountOut
    token: str


class MeOut(BaseModel):
    account: AccountOut


def refuse(status: int, code: str, reason: str, **extra: Any) -> HTTPException:
    return HTTPException(status_code=status, detail={"code": code, "reason": reason, **extra})


def room(request: Request) -> ServerState:
    state: ServerState = request.app.state.room
    return state


Room = Annotated[ServerState, Depends(room)]


@refuses(401, 429)  # not logged in; the per-account REST limit
async def current_account(request: Request, state: Room) -> tuple[int, str]:
    identity = await state.authenticate(session_token_from(request.headers, request.cookies))
    if identity is None:
        raise refuse(401, "not_authenticated", "log in first")
    # Logged-in REST calls per account per minute: exports and histories cost real CPU.
    key, limit = str(identity[0]), state.settings.rest_calls_per_minute
    retry = await state.rest_calls.take(key, limit)
    if retry is not None:
        raise refuse(429, "throttled", f"at most {limit} requests a minute; slow down",
                     retry_after_s=retry)
    return identity


Me = Annotated[tuple[int, str], Depends(current_account)]


def _set_cookie(response: Response, state: ServerState, token: str) -> None:
    response.set_cookie(
        COOKIE_NAME, token, httponly=True, samesite="lax", path="/",
        secure=state.settings.cookie_secure, max_age=30 * 24 * 3600,
    )


async def _login(state: ServerState, body: Credentials, request: Request,
                 response: Response) -> AuthOut:
    ip = request.client.host if request.client else ""
    try:
        login = await state.accounts.login(body.username, body.password, ip=ip)
    except LoginThrottledError as exc:
        raise refuse(429, "throttled", str(exc),
                     retry_after_s=max(1, exc.retry_after_ms // 1000)) from None
    except InvalidCredentialsError as exc:
        raise refuse(401, "bad_credentials", str(exc)) from None
    except AccountLockedError as exc:
        raise refuse(403, "account_locked", str(exc)) from None
    except BotLoginRefusedError as exc:
        raise refuse(403, "bot_account", str(exc)) from None
    return await _signed_in(state, login, response)


async def _signed_in(state: ServerState, login: LoginResult, response: Response) -> AuthOut:
    _set_cookie(response, state, login.token)
    balance = await state.balance_of(login.account.id)
    return AuthOut(
        account=AccountOut(id=login.account.id, username=login.account.name, balance=balance,
                           language=login.account.language),
        token=login.token,
    )


@router.post("/auth/register", status_code=201, response_model=AuthOut, tags=["auth"],
             responses=refusals(409, 429),
             summary="Create an account (play money deposited) and log in")
async def register(body: Credentials, request: Request, response: Response,
                   state: Room) -> AuthOut:
    ip = request.client.host if request.client else ""
    limit = state.settings.signups_per_ip_per_hour
    # counted before the work, so concurrent sign-ups cannot slip past
    retry = await state.signups.take(ip, limit)
    if retry is not None:
        raise refuse(429, "throttled", f"at most {limit} sign-ups an hour from one address",
                     retry_after_s=retry)
    try:
        language = body.language or negotiate(request.headers.get("accept-language"))
        account = await state.accounts.register(body.username, body.password,
                                                language=language)
    except (NameTakenError, InvalidNameError, WeakPasswordError) as exc:
        await state.signups.undo(ip)  # refused before any hashing: it costs nothing
        if isinstance(exc, NameTakenError):
            raise refuse(409, "name_taken", str(exc)) from None
        code = "bad_username" if isinstance(exc, InvalidNameError) else "weak_password"
        raise refuse(422, code, str(exc)) from None
    # The password was just hashed: the session opens without checking it again.
    return await _signed_in(state, await state.accounts.open_session(account), response)


@router.post("/auth/login", response_model=AuthOut, tags=["auth"],
             responses=refusals(401, 403, 429),
             summary="Log in: a new session token, also set as an HttpOnly cookie")
async def login(body: Credentials, request: Request, response: Response,
                state: Room) -> AuthOut:
    return await _login(state, body, request, response)


BOT_SECRET_FAILURES = 10  # wrong bot secrets per address per 15 minutes, then 429


@router.post("/auth/bot", response_model=AuthOut, tags=["auth"], responses=refusals(401, 403, 409, 429),
             summary="Log a bot in with the room's bot secret (its account is made if new)")
async def bot_login(body: BotCredentials, request: Request, response: Response,
                    state: Room) -> AuthOut:
    """The only way into a bot account: the deployment's bot secret (`pokerroom admin
    bot-secret`). A new bot name must start with the bot prefix; a player's account is never
    opened here."""
    ip = request.client.host if request.client else ""
    # Only wrong secrets count (bots of one address log in many at once); one is 256 random
    # bits, so the few guesses that may slip past between the check and the count are moot.
    retry = await state.bot_failures.blocked(ip, BOT_SECRET_FAILURES)
    if retry is not None:
        raise refuse(429, "throttled", "too many wrong bot secrets from this address",
                     retry_after_s=retry)
    try:
        login = await state.accounts.bot_login(body.username, body.secret)
    except BadBotSecretError as exc:
        await state.bot_failures.take(ip, 1 << 30)
        raise refuse(401, "bad_credentials", str(exc)) from None
    except NameTakenError as exc:
        raise refuse(409, "name_taken", f"{exc}; it is a player's account, not a bot's") from None
    except InvalidNameError as exc:
        raise refuse(422, "bad_username", str(exc)) from None
    except AccountLockedError as exc:
        raise refuse(403, "account_locked", str(exc)) from None
    return await _signed_in(state, login, response)


@router.post("/auth/logout", status_code=204, tags=["auth"], summary="End the session")
async def logout(request: Request, state: Room) -> Response:
    token = session_token_from(request.headers, request.cookies)
    if token:
        await state.accounts.logout(token)
        state.end_session(token)  # an open socket must not outlive its session
    response = Response(status_code=204)
    response.delete_cookie(COOKIE_NAME, path="/")
    return response


@router.get("/auth/me", response_model=MeOut, tags=["auth"], summary="The logged-in account")
async def me(who: Me, state: Room) -> MeOut:
    balance = await state.balance_of(who[0])
    info = await state.accounts.get(who[0])
    return MeOut(account=AccountOut(id=who[0], username=who[1], balance=balance,
                                    language=info.language if info else None))


@router.put("/me/language", tags=["auth"], responses=refusals(422),
            summary="Remember the player's language on the account (for every browser)")
async def set_language(body: LanguageIn, who: Me, state: Room) -> dict[str, Any]:
    if valid_language(body.language) is None:
        raise refuse(422, "bad_language", f"the room speaks {', '.join(LANGUAGES)}",
                     field="language", languages=list(LANGUAGES))
    return {"language": await state.accounts.set_language(who[0], body.language)}


@router.get("/room", tags=["lobby"],
            summary="The room: its name, its currency, the language this browser asks for")
async def room(request: Request, state: Room) -> dict[str, Any]:
    # Amounts everywhere are ints in the chip unit; the client shows them in this currency.
    # `language`: the first visit's language, from the Accept-Language header.
    return {"name": state.room.name, "currency": state.room.currency,
            "language": negotiate(request.headers.get("accept-language")),
            "languages": list(LANGUAGES)}


@router.get("/rules/{rule_id}", tags=["lobby"], responses=refusals(404),
            summary="One rule of the rulebook by its ID (the link a refusal carries)")
async def rule_text(rule_id: Annotated[str, Path(max_length=16)],
                    lang: Annotated[str | None, Query(max_length=8)] = None) -> dict[str, Any]:
    found = rulebook.rule(rule_id)
    if found is None:
        raise refuse(404, "not_found", f"no rule {rule_id!r} in the rulebook", field="rule_id")
    # The English text is the rule; a translation, where one exists for `lang`, is a help.
    language = valid_language(lang) if lang else None
    text = rulebook.translation(found.id, language) if language else None
    return {"id": found.id, "section": found.section, "text": found.text,
            "translation": None if text is None else {"lang": language, "text": text}}


@router.get("/lobby", tags=["lobby"], summary="Every table of the room with its live figures")
async def lobby(state: Room) -> dict[str, Any]:
    return {"tables": state.lobby.entries()}


@router.get("/tournaments", tags=["tournaments"],
            summary="The open and running tournaments: status, entry, structure, payouts, players")
async def tournaments(state: Room) -> dict[str, Any]:
    return {"tournaments": state.tournaments.listing()}


@router.get("/cluster", tags=["lobby"], summary="The room's nodes and the owner of each table")
async def cluster(state: Room) -> dict[str, Any]:
    return await state.cluster_view()


@router.get("/wallet", tags=["wallet"], summary="Wallet balance and the latest ledger entries")
async def wallet(who: Me, state: Room,
                 limit: Annotated[int, Query(ge=1, le=500)] = 100,
                 lang: Annotated[str | None, Query(max_length=8)] = None) -> dict[str, Any]:
    balance, lines = await state.cashier.wallet_statement(who[0], limit=limit)
    # `memo` stays as the ledger keeps it; `memo_text` is it in the player's words (?lang=).
    language = valid_language(lang) or "en"
    entries = [{"id": line.entry_id, "amount": line.amount, "balance_after": line.balance_after,
                "kind": line.kind, "memo": line.memo, "created_ms": line.created_ms,
                "memo_text": memo_words(line.memo, language, state.table_display_name)}
               for line in lines]
    return {"balance": balance, "entries": entries}


@router.get("/wallet/statement.csv", tags=["wallet"], response_class=Response,
            responses={200: {"content": {"text/csv": {}}}},
            summary="The wallet statement as CSV, in the player's language and money")
async def wallet_statement(request: Request, who: Me, state: Room,
                           lang: Annotated[str | None, Query(max_length=8)] = None,
                           limit: Annotated[int, Query(ge=1, le=5000)] = 1000) -> Response:
    # The language: asked for, else the account's, else the browser's Accept-Language.
    info = await state.accounts.get(who[0])
    language = (valid_language(lang) or (info.language if info else None)
                or negotiate(request.headers.get("accept-language")))
    balance, lines = await state.cashier.wallet_statement(who[0], limit=limit)
    text = statement_csv(lines, lang=language, currency=state.room.currency, balance=balance,
                         table_name=state.table_display_name)
    return Response(text, media_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="wallet-{who[1]}.csv"',
        "Content-Language": language})
