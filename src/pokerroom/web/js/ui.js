// Small shared UI pieces: the banner under the header, a modal dialog.
import { $, h } from "./dom.js";

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

/** A modal dialog; returns a close function. */
export function dialog(title, body, buttons, opts = {}) {
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
