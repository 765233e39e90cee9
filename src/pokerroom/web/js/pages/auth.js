// Sign up and log in: one form, two buttons; the server's refusals in plain words.
import { h } from "../dom.js";
import { api, explain } from "../api.js";
import { setAccount, afterLogin, session } from "../session.js";
import { cardEl } from "../cards.js";

export function mountAuth(main, mode) {
  if (session.account) { location.replace("#/lobby"); return null; }
  const username = h("input", { type: "text", id: "username-input", name: "username", autocomplete: "username", required: true, maxlength: 20 });
  const password = h("input", { type: "password", id: "password-input", name: "password", autocomplete: mode === "signup" ? "new-password" : "current-password", required: true });
  const message = h("div.error", { role: "alert", hidden: true });
  const signUp = h("button.btn.btn-green", { type: "button", onclick: () => submit("signup") }, "Sign up");
  const logIn = h("button.btn.btn-primary", { type: "submit" }, "Log in");

  async function submit(which) {
    message.hidden = true;
    if (!username.value.trim() || !password.value) {
      show("Enter a username and a password.");
      return;
    }
    signUp.disabled = logIn.disabled = true;
    try {
      const data = which === "signup"
        ? await api.register(username.value.trim(), password.value)
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
    "aria-label": "Sign up or log in",
  },
  h("label.field", { for: "username-input" }, h("span", {}, "Username"), username),
  h("label.field", { for: "password-input" }, h("span", {}, "Password"), password),
  h("p.muted", { style: { fontSize: ".85rem", marginTop: "-.3rem" } },
    "New here? Pick a name and a long password, then Sign up. You start with play money."),
  message,
  h("div.auth-buttons", { style: { marginTop: ".8rem" } }, logIn, signUp));

  main.appendChild(h("section.auth", {},
    h("div.auth-hero", {},
      h("div.cards", {}, cardEl("As", { size: "lg" }), cardEl("Kh", { size: "lg" }), cardEl("Qd", { size: "lg" }), cardEl("Jc", { size: "lg" }), cardEl("Ts", { size: "lg" })),
      h("h1", {}, mode === "signup" ? "Create your account" : "Welcome to pokerroom"),
      h("p", {}, "Cash-game poker and Ultimate Texas Hold'em, play money.")),
    form));
  username.focus();
  return null;
}
