"""The player's language on the server: Accept-Language read at the first visit, the
language kept on the account (every browser agrees), and the server-made texts a player
reads on their own (the wallet statement, the password-reset message) in that language."""

from __future__ import annotations

import asyncio
import csv
import io

from roomharness import PASSWORD, RunningServer
from typer.testing import CliRunner

from pokerroom.cli import app


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def test_the_first_visit_follows_accept_language(server: RunningServer) -> None:
    async with server.http() as http:
        for header, lang in [("de-AT,de;q=0.9,en;q=0.5", "de"), ("fr-FR,en;q=0.8,de;q=0.9", "de"),
                             ("en-GB,de;q=0.4", "en"), ("fr", "en"), ("de;q=0,en", "en")]:
            page = await http.get("/", headers={"Accept-Language": header})
            assert page.status_code == 200
            assert f'<html lang="{lang}" data-accept-language="{lang}">' in page.text, header
            assert page.headers["content-language"] == lang
            room = (await http.get("/api/room", headers={"Accept-Language": header})).json()
            assert room["language"] == lang and room["languages"] == ["en", "de"]


async def test_the_language_is_kept_on_the_account(server: RunningServer) -> None:
    async with server.http() as http:
        # Signing up from a German browser keeps German; the page's own choice wins.
        r = await http.post("/api/auth/register", json={"username": "greta", "password": PASSWORD},
                            headers={"Accept-Language": "de-DE,de;q=0.9"})
        assert r.status_code == 201 and r.json()["account"]["language"] == "de"
        r = await http.post("/api/auth/register", headers={"Accept-Language": "de"},
                            json={"username": "emma", "password": PASSWORD, "language": "en"})
        emma = r.json()["token"]
        assert r.json()["account"]["language"] == "en"
        # A language the room does not speak is refused, naming the field; nothing changes.
        r = await http.put("/api/me/language", json={"language": "fr"}, headers=bearer(emma))
        assert r.status_code == 422
        assert r.json()["detail"]["code"] == "bad_language"
        assert r.json()["detail"]["field"] == "language"
        me = await http.get("/api/auth/me", headers=bearer(emma))
        assert me.json()["account"]["language"] == "en"
        r = await http.put("/api/me/language", json={"language": "de"}, headers=bearer(emma))
        assert r.status_code == 200 and r.json() == {"language": "de"}
    # Another browser (no cookie, an English Accept-Language) logs in: German.
    async with server.http() as other:
        assert (await other.put("/api/me/language", json={"language": "de"})).status_code == 401
        r = await other.post("/api/auth/login", json={"username": "emma", "password": PASSWORD},
                             headers={"Accept-Language": "en-US"})
        assert r.json()["account"]["language"] == "de"
        assert (await other.get("/api/auth/me")).json()["account"]["language"] == "de"


async def test_the_wallet_statement_is_in_the_players_language_and_money(
        server: RunningServer) -> None:
    async with server.http() as http:
        r = await http.post("/api/auth/register", json={"username": "hans", "password": PASSWORD,
                                                        "language": "de"})
        hans = r.json()["token"]
        balance = r.json()["account"]["balance"]
        r = await http.get("/api/wallet/statement.csv", headers=bearer(hans))
        assert r.status_code == 200 and r.headers["content-language"] == "de"
        assert r.headers["content-type"].startswith("text/csv")
        rows = list(csv.reader(io.StringIO(r.text), delimiter=";"))
        assert rows[0] == ["Datum", "Art", "Vermerk", "Betrag", "Saldo danach"]
        whole, cents = divmod(balance, 100)
        german = f"{whole:,}".replace(",", ".") + f",{cents:02d} €"
        assert rows[1][1:] == ["Einzahlung", "Startguthaben", german, german]
        assert rows[-1][0] == "1 Buchung" and rows[-1][-1] == german
        # Asked for in English: English words, the English way of writing money.
        r = await http.get("/api/wallet/statement.csv?lang=en", headers=bearer(hans))
        rows = list(csv.reader(io.StringIO(r.text)))
        english = f"€{whole:,}.{cents:02d}"
        assert rows[0] == ["Date", "Kind", "Memo", "Amount", "Balance after"]
        assert rows[1][1:] == ["Deposit", "Welcome deposit", english, english]
        assert rows[-1][0] == "1 entry"
        # The wallet's entries: the memo as the ledger keeps it, and in the player's words.
        entry = (await http.get("/api/wallet?lang=de", headers=bearer(hans))).json()["entries"][0]
        assert (entry["memo"], entry["memo_text"]) == ("signup bonus", "Startguthaben")
        entry = (await http.get("/api/wallet", headers=bearer(hans))).json()["entries"][0]
        assert entry["memo_text"] == "Welcome deposit"
    async with server.http() as stranger:
        assert (await stranger.get("/api/wallet/statement.csv")).status_code == 401


async def test_the_reset_message_is_written_in_the_accounts_language(
        server: RunningServer) -> None:
    async with server.http() as http:
        r = await http.post("/api/auth/register", json={"username": "olga", "password": PASSWORD,
                                                        "language": "en"})
        op = r.json()["token"]
        out = await asyncio.to_thread(CliRunner().invoke, app, [
            "admin", "grant-operator", "olga", "--database", server.settings.database_url])
        assert out.exit_code == 0, out.output
        r = await http.post("/api/auth/register", json={"username": "jonas", "password": PASSWORD,
                                                        "language": "de"})
        jonas_id = r.json()["account"]["id"]
        r = await http.post(f"/api/admin/accounts/{jonas_id}/reset-link", headers=bearer(op))
        email = r.json()["email"]
        assert email["language"] == "de"
        assert email["subject"].startswith("Dein neues Passwort für ")
        assert email["body"].startswith("Hallo jonas,")
        assert r.json()["link"] in email["body"]
        assert "24 Stunden lang" in email["body"]
        olga_id = (await http.get("/api/auth/me", headers=bearer(op))).json()["account"]["id"]
        r = await http.post(f"/api/admin/accounts/{olga_id}/reset-link", headers=bearer(op))
        assert r.json()["email"]["body"].startswith("Hello olga,")
        assert "for 24 hours" in r.json()["email"]["body"]
