"""Routes each validated inbound message to the lobby or the table runner it names."""

from __future__ import annotations

from typing import assert_never

from pokerroom.server.connection import Connection
from pokerroom.server.messages import (
    Act,
    AutoPost,
    Chat,
    Hello,
    Inbound,
    Leave,
    LobbySubscribe,
    LobbyUnsubscribe,
    Observe,
    Ping,
    Pong,
    Sit,
    SitIn,
    SitOut,
    TopUp,
    TournamentAct,
    TournamentBack,
    TournamentChat,
    TournamentDeal,
    TournamentFollow,
    TournamentRegister,
    TournamentSitOut,
    TournamentUnregister,
    TournamentWatch,
    Unobserve,
    UthBet,
    UthDecide,
    WaitList,
    Welcome,
)
from pokerroom.server.state import ServerState
from pokerroom.services.clock import now_ms
from pokerroom.services.outbound_parts import AccountInfo
from pokerroom.services.refusal import RefusedError


def _need_account(conn: Connection) -> int:
    if conn.account_id is None:
        raise RefusedError("not_authenticated", "log in first (observing needs no account)")
    return conn.account_id


# Commands that move chips between the wallet and a table or the bank: the session is checked
# again for each (it may have been logged out or expired since the socket opened).
MONEY = (Sit, TopUp, UthBet, UthDecide)
CHATS_PER_10_S = 5  # per account, over all its sockets and tables


async def _recheck_session(state: ServerState, conn: Connection) -> None:
    if conn.account_id is None:
        return
    if await state.authenticate(conn.session) is None:
        raise RefusedError("session_ended", "your session ended (logged out or expired): log in again")


async def dispatch(state: ServerState, conn: Connection, msg: Inbound) -> None:
    lobby = state.lobby
    if isinstance(msg, MONEY):
        await _recheck_session(state, conn)
    match msg:
        case Hello():
            balance = None
            if conn.account_id is not None:
                balance = await state.balance_of(conn.account_id)
            account: AccountInfo | None = (
                None if conn.account_id is None
                else {"id": conn.account_id, "username": conn.username, "balance": balance}
            )
            conn.push(Welcome(account=account, now_ms=now_ms()))
            for table_id, version in msg.last_versions.items():
                if lobby.has(table_id):
                    await state.watch(conn, table_id, since=version)
            if conn.account_id is not None:
                for notice in await state.take_notices(conn.account_id):
                    conn.push(notice)
        case Ping():
            conn.push(Pong(now_ms=now_ms()))
        case LobbySubscribe():
            lobby.subscribe(conn)
            conn.lobby = True
        case LobbyUnsubscribe():
            lobby.unsubscribe(conn)
            conn.lobby = False
        case Observe():
            await state.watch(conn, msg.table, since=None)
        case Unobserve():
            await state.unwatch(conn, msg.table)
        case Sit():
            account = _need_account(conn)
            runner = lobby.runner(msg.table)
            if msg.table not in conn.tables:
                await state.watch(conn, msg.table, since=None)
            await runner.sit(conn.id, account, conn.username or "", msg.seat, msg.buy_in,
                             msg.blind == "post")
        case Act():
            await lobby.runner(msg.table).act(
                _need_account(conn), msg.hand, msg.action_no, msg.action, msg.amount, msg.cards
            )
        case SitOut():
            await lobby.runner(msg.table).sit_out(_need_account(conn))
        case SitIn():
            await lobby.runner(msg.table).sit_in(_need_account(conn))
        case AutoPost():
            await lobby.runner(msg.table).auto_post(_need_account(conn), msg.on)
        case TopUp():
            await lobby.runner(msg.table).top_up(_need_account(conn), msg.amount)
        case Leave():
            await lobby.runner(msg.table).leave(_need_account(conn))
        case WaitList():
            await lobby.runner(msg.table).wait_list(_need_account(conn))
        case Chat():
            account = _need_account(conn)
            if msg.table not in conn.tables:
                raise RefusedError("not_at_table", "chat where you sit or watch (observe first)")
            if await state.chats.take(str(account), CHATS_PER_10_S) is not None:
                raise RefusedError("rate_limited", "too many chat lines; slow down")
            await lobby.runner(msg.table).chat(account, conn.username or "", msg.text)
        case UthBet():
            await lobby.runner(msg.table).place_bets(_need_account(conn), msg.ante, msg.trips)
        case UthDecide():
            await lobby.runner(msg.table).decide(_need_account(conn), msg.round, msg.decision)
        case TournamentFollow():
            await state.follow_tournament(conn, msg.tournament)
        case TournamentRegister():
            await state.tournaments.register(msg.tournament, _need_account(conn))
            await state.follow_tournament(conn, msg.tournament)
        case TournamentUnregister():
            await state.tournaments.unregister(msg.tournament, _need_account(conn))
        case TournamentAct():
            await state.tournaments.act(
                msg.tournament, _need_account(conn), msg.hand, msg.action, msg.amount
            )
        case TournamentDeal():
            await state.tournaments.deal(msg.tournament, _need_account(conn), msg.answer)
        case TournamentBack():
            await state.tournaments.back(msg.tournament, _need_account(conn))
        case TournamentSitOut():
            await state.tournaments.sit_out(msg.tournament, _need_account(conn))
        case TournamentWatch():
            await state.watch_tournament_table(conn, msg.tournament, msg.table)
        case TournamentChat():
            account = _need_account(conn)
            if await state.chats.take(str(account), CHATS_PER_10_S) is not None:
                raise RefusedError("rate_limited", "too many chat lines; slow down")
            watching = conn.tournament_tables.get(msg.tournament) == msg.table
            await state.tournaments.chat(msg.tournament, account, conn.username or "",
                                         msg.table, msg.text, watching)
        case _:
            assert_never(msg)
