"""The auth flow over real HTTP: register, cookie, me, logout, refusals, throttling."""

from __future__ import annotations

import json

from roomharness import Client, of_type

PASSWORD = "correct horse battery"


async def test_register_login_me_logout_and_websocket_identity(server) -> None:
    async with server.http() as http:
        r = await http.post("/api/auth/register", json={"username": "alice", "password": PASSWORD})
        assert r.status_code == 201, r.text
        body = r.json()
        assert body["account"]["username"] == "alice"
        assert body["account"]["balance"] == server.settings.starting_balance
        cookie = r.headers["set-cookie"]
        assert "pokerroom_session=" in cookie and "HttpOnly" in cookie
        assert "samesite=lax" in cookie.lower()
        me = await http.get("/api/auth/me")
        assert me.status_code == 200 and me.json()["account"]["username"] == "alice"
        wallet = await http.get("/api/wallet")
        entries = wallet.json()["entries"]
        assert entries[0]["kind"] == "deposit"
        assert entries[0]["balance_after"] == server.settings.starting_balance
        # The WebSocket knows who we are from the token.
        client = await Client.connect(server.ws_url, token=body["token"])
        await client.send(type="hello")
        welcome = await client.wait_for(of_type("welcome"))
        assert welcome["account"]["username"] == "alice"
        await client.close()
        r = await http.post("/api/auth/logout")
        assert r.status_code == 204
        assert (await http.get("/api/auth/me")).status_code == 401
    anonymous = await Client.connect(server.ws_url, token=body["token"])
    await anonymous.send(type="hello")
    assert (await anonymous.wait_for(of_type("welcome")))["account"] is None
    await anonymous.send(type="sit", table="anything", buy_in=100, ref="s")
    err = await anonymous.wait_for(of_type("error", ref="s"))
    assert err["code"] in ("not_authenticated", "table_not_found")
    await anonymous.close()


async def test_refusals_taken_name_weak_password_bad_credentials_throttle(server) -> None:
    async with server.http() as http:
        ok = await http.post("/api/auth/register", json={"username": "bob", "password": PASSWORD})
        assert ok.status_code == 201
        taken = await http.post("/api/auth/register",
                                json={"username": "BOB", "password": PASSWORD})
        assert taken.status_code == 409 and taken.json()["detail"]["code"] == "name_taken"
        weak = await http.post("/api/auth/register", json={"username": "carol", "password": "abc"})
        assert weak.status_code == 422 and weak.json()["detail"]["code"] == "weak_password"
        wrong = None
        for _ in range(5):
            wrong = await http.post("/api/auth/login",
                                    json={"username": "bob", "password": "wrong password!"})
            assert wrong.status_code == 401
            assert wrong.json()["detail"]["code"] == "bad_credentials"
        throttled = await http.post("/api/auth/login",
                                    json={"username": "bob", "password": PASSWORD})
        assert throttled.status_code == 429
        assert throttled.json()["detail"]["retry_after_s"] >= 1
        garbage = await http.post("/api/auth/login", content=json.dumps({"username": 5}),
                                  headers={"content-type": "application/json"})
        assert garbage.status_code == 422


async def test_openapi_docs_and_web_client_are_served(server) -> None:
    async with server.http() as http:
        docs = await http.get("/docs")
        assert docs.status_code == 200 and "swagger" in docs.text.lower()
        spec = (await http.get("/openapi.json")).json()
        assert "/api/auth/register" in spec["paths"] and "/api/wallet" in spec["paths"]
        index = await http.get("/")
        assert index.status_code == 200 and "<html" in index.text.lower()
