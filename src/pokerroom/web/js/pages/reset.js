// A password reset link from the room's operators: choose a new password, then log in.
import { h } from "../dom.js";
import { t } from "../i18n.js";

export function mountReset(main, token) {
  const password = h("input", { type: "password", autocomplete: "new-password", "aria-label": t("reset.password"), "data-testid": "reset-password" });
  const note = h("p.muted", { "data-testid": "reset-note" }, t("reset.choose"));
  main.appendChild(h("section.panel", {}, h("h1", {}, t("reset.password")),
    h("form.row", { onsubmit: async (ev) => {
      ev.preventDefault();
      const resp = await fetch("/api/auth/reset", { method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token, password: password.value }) });
      const data = await resp.json().catch(() => null);
      note.textContent = resp.ok ? t("reset.done", { name: data.username })
        : ((data && data.detail && data.detail.reason) || `HTTP ${resp.status}`);
      if (resp.ok) setTimeout(() => { location.hash = "#/login"; }, 1500);
    } }, password, h("button.btn.btn-primary", { type: "submit" }, t("reset.set"))), note));
  return null;
}
