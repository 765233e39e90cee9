// Sign up and log in: one form, two buttons; the server's refusals in plain words.
import { h } from "../dom.js";
import { api, explain } from "../api.js";
import { setAccount, afterLogin, session } from "../session.js";
import { cardEl } from "../cards.js";
import { t, lang } from "../i18n.js";

export function mountAuth(main, mode) {
  if (session.account) { location.replace("#/lobby"); return null; }
  const username = h("input", { type: "text", id: "username-input", name: "username", autocomplete: "username", required: true, maxlength: 20 });
  const password = h("input", { type: "password", id: "password-input", name: "password", autocomplete: mode === "signup" ? "new-password" : "current-password", required: true });
  const message = h("div.error", { role: "alert", hidden: true });
  const signUp = h("button.btn.btn-green", { type: "button", onclick: () => submit("signup") }, t("auth.sign_up"));
  const logIn = h("button.btn.btn-primary", { type: "submit" }, t("auth.log_in"));

  async function submit(which) {
    message.hidden = true;
    if (!username.value.trim() || !password.value) {
      show(t("auth.enter_both"));
      return;
    }
    signUp.disabled = logIn.disabled = true;
    try {
      const data = which === "signup"
        ? await api.register(username.value.trim(), password.value, lang())
        : await api.login(username.value.trim(), password.value);
      setAccount(data.account);
      afterLogin();
    } catch (err) {
      show(explain(err));
    } finally {
      signUp.disabled = logIn.disabled = false;
    }
  }

  function show(text) {
    message.textContent = text;
    message.hidden = false;
  }

  const form = h("form.panel", {
    onsubmit: (ev) => { ev.preventDefault(); submit("login"); },
    "aria-label": t("auth.form"),
  },
  h("label.field", { for: "username-input" }, h("span", {}, t("auth.username")), username),
  h("label.field", { for: "password-input" }, h("span", {}, t("auth.password")), password),
  h("p.muted", { style: { fontSize: ".85rem", marginTop: "-.3rem" } },
    t("auth.new_here")),
  message,
  h("div.auth-buttons", { style: { marginTop: ".8rem" } }, logIn, signUp));

  main.appendChild(h("section.auth", {},
    h("div.auth-hero", {},
      h("div.cards", {}, cardEl("As", { size: "lg" }), cardEl("Kh", { size: "lg" }), cardEl("Qd", { size: "lg" }), cardEl("Jc", { size: "lg" }), cardEl("Ts", { size: "lg" })),
      h("h1", {}, mode === "signup" ? t("auth.create_title") : t("auth.welcome_title")),
      h("p", {}, t("auth.tagline"))),
    form));
  username.focus();
  return null;
}
