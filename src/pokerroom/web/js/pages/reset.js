// A password reset link from the room's operators: choose a new password, then log in.
import { h } from "../dom.js";

export function mountReset(main, token) {
  const password = h("input", { type: "password", autocomplete: "new-password", "aria-label": "New password", "data-testid": "reset-password" });
  const note = h("p.muted", { "data-testid": "reset-note" }, "Choose a new password (10 characters or more).");
  main.appendChild(h("section.panel", {}, h("h1", {}, "New password"),
    h("form.row", { onsubmit: async (ev) => {
      ev.preventDefault();
      const resp = await fetch("/api/auth/reset", { method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token, password: password.value }) });
      const data = await resp.json().catch(() => null);
      note.textContent = resp.ok ? `Done: log in as ${data.username} with your new password.`
        : ((data && data.detail && data.detail.reason) || `HTTP ${resp.status}`);
      if (resp.ok) setTimeout(() => { location.hash = "#/login"; }, 1500);
    } }, password, h("button.btn.btn-primary", { type: "submit" }, "Set password")), note));
  return null;
}
