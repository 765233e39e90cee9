"""/api paths answer every method themselves (issue 12's note): OPTIONS with the path's
`Allow`, a method the path does not take with 405 and the same `Allow`, an unknown path with
the room's 404; never the web client's 405 (Allow: GET, HEAD) or its HTML page. And `/docs`,
served by the room, is under a policy that names no CDN."""

from __future__ import annotations

import re


async def test_options_and_wrong_methods_on_api_paths(server) -> None:  # type: ignore[no-untyped-def]
    async with server.http() as http:
        r = await http.options("/api/me/client-seed")
        assert r.status_code == 204, r.text
        assert set(r.headers["allow"].split(", ")) == {"GET", "PUT", "OPTIONS"}
        r = await http.options("/api/hands/12")  # a path with a parameter
        assert r.status_code == 204 and set(r.headers["allow"].split(", ")) == {"GET", "OPTIONS"}
        r = await http.delete("/api/lobby")
        assert r.status_code == 405
        assert set(r.headers["allow"].split(", ")) == {"GET", "OPTIONS"}
        assert r.json()["detail"]["code"] == "method_not_allowed"
        r = await http.post("/api/auth/me")
        assert r.status_code == 405 and "GET" in r.headers["allow"]
        r = await http.get("/api/no-such-thing")
        assert r.status_code == 404 and r.json()["detail"]["code"] == "not_found"
        # the answers carry the security headers like any other
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        # the operations themselves are untouched
        assert (await http.get("/api/lobby")).status_code == 200
        # and the web client still answers its own paths
        assert (await http.get("/")).status_code == 200


async def test_docs_policy_names_no_cdn_and_no_inline_script(server) -> None:  # type: ignore[no-untyped-def]
    async with server.http() as http:
        r = await http.get("/docs")
    assert r.status_code == 200
    policy = r.headers["content-security-policy"]
    assert not re.search(r"https?:", policy), policy
    script = next(p for p in policy.split(";") if p.strip().startswith("script-src"))
    assert script.split()[1:] == ["'self'"], policy
