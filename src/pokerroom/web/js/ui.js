// Small shared UI pieces: the banner under the header, a modal dialog.
import { $, h } from "./dom.js";
import { t, has, lang } from "./i18n.js";

/** A notice from the server in the player's words (by its code; the English text if new). */
export function noticeText(msg) {
  // A notice with words of its own (limit_reached: the limit's message and its amounts).
  if (msg.message && has(`error.${msg.message}`)) return t(`error.${msg.message}`, msg.params || {});
  if (msg.code === "session_reminder" && msg.params) return t("notice.session_reminder", { count: msg.params.minutes });
  // An operator opened, paused or closed the table; a broadcast is the operator's own words.
  if (msg.code === "table_status" && msg.status && has(`notice.table_${msg.status}`)) return t(`notice.table_${msg.status}`);
  if (msg.code === "broadcast") return t("notice.broadcast", { text: msg.text || "" });
  const key = `notice.${msg.code}`;
  if (!has(key)) return msg.text || "";
  return t(key, { place: msg.place, name: msg.name || msg.table, hand: msg.hand, stack: msg.stack, returned: msg.returned });
}

/**
 * A refusal from the server (docs/PROTOCOL.md errors) in the player's language: its
 * `message` with `params` (amounts in the chip unit, shown as money), else its `code`, with
 * the rule ID as a small link to the rulebook. Returns { text, rule }.
 */
export function errorText(msg) {
  const params = { ...(msg.params || {}) };
  if (params.what) params.what = t(`what.${params.what}`);
  let text;
  if (msg.message && has(`error.${msg.message}`)) text = t(`error.${msg.message}`, params);
  else if (has(`error.code.${msg.code}`)) text = t(`error.code.${msg.code}`);
  else text = msg.reason || msg.code || t("error.code.internal");
  return { text, rule: msg.rule && /^[RU]-[A-Z]+-\d+$/.test(msg.rule) ? msg.rule : null };
}

/** The error as an element: words, then the rule ID, small, for the rulebook (docs/RULES.md). */
export function errorEl(msg, attrs = {}) {
  const { text, rule } = errorText(msg);
  return h("div.error", { role: "alert", ...attrs }, text, rule ? [" ", ruleLink(rule)] : null);
}

/** The rule's text from the rulebook (GET /api/rules/{id}); null when unknown. */
export async function fetchRule(rule) {
  const resp = await fetch(`/api/rules/${encodeURIComponent(rule)}?lang=${encodeURIComponent(lang())}`, { credentials: "same-origin" });
  return resp.ok ? resp.json() : null;
}

/** The rule as a body. The rulebook is written in English and its text is the rule: a
 * translation (the rules players meet most, PROTOCOL `translation`) comes first, marked as a
 * help, with the English text under it; without one the English text says it is English. */
export function ruleBody(found) {
  const english = [h("p.muted", {}, found.section), h("p", { lang: "en", "data-testid": "rule-english" }, found.text)];
  if (found.translation) {
    return h("div.rule-text", { "data-testid": "rule-text" },
      h("p", { lang: found.translation.lang, "data-testid": "rule-translation" }, found.translation.text),
      h("p.muted", { style: { fontSize: ".85rem" } }, t("rules.translated")), ...english);
  }
  return h("div.rule-text", { "data-testid": "rule-text" }, ...english,
    t("rules.english_only") ? h("p.muted", { style: { fontSize: ".85rem" } }, t("rules.english_only")) : null);
}

/** A rule ID as a small link to the rule's text: a dialog over the page (the table stays);
 * the link itself opens the rule's own page (#/rules/R-BET-4) in a new tab. */
export function ruleLink(rule) {
  return h("a.rule-id", {
    href: `#/rules/${encodeURIComponent(rule)}`, title: t("error.rule_link"), "aria-label": t("error.rule_link_named", { id: rule }), "data-testid": "rule-link",
    onclick: async (ev) => {
      if (ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button === 1) return;
      ev.preventDefault();
      const found = await fetchRule(rule).catch(() => null);
      dialog(t("rules.title", { id: rule }), found ? ruleBody(found) : h("p", {}, t("rules.unknown", { id: rule })),
        [[t("rules.close"), (close) => close()]]);
    },
  }, h("small", {}, rule));
}

let bannerTimer = null;
export function showBanner(text, kind = "warn", ms = 0, link = null) {
  const el = $("#banner");
  el.textContent = text;
  if (link) el.append(" ", h("a", { href: link.href }, link.text));
  el.className = `banner${kind === "ok" ? " ok" : ""}`;
  el.hidden = !text;
  clearTimeout(bannerTimer);
  if (ms) bannerTimer = setTimeout(() => { el.hidden = true; }, ms);
}

/** Hide the banner if it still shows `text` (and nothing else has replaced it since). */
export function hideBanner(text) {
  const el = $("#banner");
  if (el.hidden || el.textContent !== text) return;
  el.hidden = true;
  clearTimeout(bannerTimer);
}

/** A modal dialog; returns a close function. */
export function dialog(title, body, buttons, opts = {}) {
  // A dialog's buttons are [label, onclick(close), class] (labels already in the player's words).
  const close = () => backdrop.remove();
  const backdrop = h("div.dialog-backdrop", {
    onclick: (ev) => { if (ev.target === backdrop) close(); },
  },
  h("div.dialog.panel", { role: "dialog", "aria-modal": "true", "aria-label": title, class: opts.class },
    h("h2", {}, title), body,
    h("div.dialog-buttons", {}, buttons.map(([label, fn, cls]) =>
      h(`button.btn${cls ? `.${cls}` : ""}`, { type: "button", onclick: () => fn(close) }, label)))));
  document.addEventListener("keydown", function esc(ev) {
    if (ev.key === "Escape") { close(); document.removeEventListener("keydown", esc); }
  });
  document.body.appendChild(backdrop);
  const first = backdrop.querySelector("input, select");
  if (first) first.focus();
  return close;
}
