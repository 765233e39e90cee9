// The action bar's parts shared by the cash table (pages/table.js) and the tournament table
// (pages/tournament_felt.js): the decision buttons with the bet sizing (slider, amount box,
// shortcuts), the clock line, the F/C/R keys. They offer only what `legal` says.
import { h } from "./dom.js";
import { moneyInput, parseMoney, seconds } from "./fmt.js";
import { t } from "./i18n.js";
import { clockState } from "./clock.js";

/**
 * The buttons of one decision, and for a bet whose size may vary its sizing row.
 * ctx: { amount (the chosen total), setAmount(v) (typed or slid: no redraw), pick(v) (a
 * shortcut: set and redraw), send(action, amount), typeError() (an amount not understood),
 * stack, bet (the player's own), wrap(fn) (optional: runs each handler that reads or words
 * an amount, e.g. fmt.withChips) }. Returns { buttons: [elements], sizing: element | null }.
 */
export function decisionButtons(legal, ctx) {
  const send = ctx.send;
  const on = (fn) => (ev) => (ctx.wrap ? ctx.wrap(() => fn(ev)) : fn(ev));
  const amount = ctx.amount;
  const buttons = [];
  if (legal.fold) buttons.push(h("button.btn.btn-fold", { type: "button", onclick: () => send("fold"), dataset: { key: "f" } }, t("act.fold"), h("span.kbd", {}, "F")));
  if (legal.check) buttons.push(h("button.btn.btn-check", { type: "button", onclick: () => send("check"), dataset: { key: "c" } }, t("act.check"), h("span.kbd", {}, "C")));
  if (legal.call) buttons.push(h("button.btn.btn-call", { type: "button", onclick: () => send("call"), dataset: { key: "c" } }, t("act.call_amount", { amount: legal.call }), h("span.kbd", {}, "C")));
  if (legal.bring_in) buttons.push(h("button.btn.btn-call", { type: "button", onclick: () => send("bring_in") }, t("act.bring_in_amount", { amount: legal.bring_in.amount ?? legal.bring_in })));
  const sizing = legal.raise || legal.bet || legal.complete || null;
  if (sizing) {
    let amountBox = null;
    const verb = legal.raise ? "raise" : legal.bet ? "bet" : "complete";
    const label = t(`act.${verb}`);
    const fixed = sizing.min === sizing.max;
    const go = on(() => {
      const typed = parseMoney(amountBox ? amountBox.value : moneyInput(amount));
      if (typed === null) { ctx.typeError(); return; }
      send(verb, typed);
    });
    const btn = h(`button.btn.btn-${verb === "complete" ? "raise" : verb}`, { type: "button", onclick: go, "aria-label": label, dataset: { key: "r" } },
      label, h("span.muted-inline", { style: { fontWeight: 500, opacity: 0.85 } }, ` ${t(verb === "raise" ? "act.to_amount" : "act.amount", { amount })}`), h("span.kbd", {}, "R"));
    buttons.push(btn);
    if (!fixed) {
      const slider = h("input", { type: "range", min: sizing.min, max: sizing.max, step: 1, value: amount, "aria-label": t("act.slider", { verb: label }), "data-testid": "amount-slider" });
      amountBox = h("input", { type: "text", inputmode: "decimal", value: moneyInput(amount), "aria-label": t("act.amount_box", { verb: label }), "data-testid": "amount-box" });
      const syncLabel = () => {
        const v = parseMoney(amountBox.value);
        btn.querySelector(".muted-inline").textContent = v === null ? "" : ` ${t(verb === "raise" ? "act.to_amount" : "act.amount", { amount: v })}`;
      };
      slider.addEventListener("input", on(() => { ctx.setAmount(Number(slider.value)); amountBox.value = moneyInput(Number(slider.value)); syncLabel(); }));
      amountBox.addEventListener("input", on(() => {
        const v = parseMoney(amountBox.value);
        if (v !== null) { ctx.setAmount(v); slider.value = v; }
        amountBox.classList.toggle("invalid", v === null || v < sizing.min || v > sizing.max);
        syncLabel();
      }));
      amountBox.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); go(); } });
      const shortcuts = h("div.shortcuts", {}, potShortcuts(sizing, ctx.stack, ctx.bet).map(([text, value]) =>
        h("button.btn.btn-ghost.btn-small", { type: "button", onclick: () => ctx.pick(value) }, text)));
      return { buttons, sizing: h("div.sizing", {}, shortcuts, slider, amountBox) };
    }
  }
  // R-SD-5: after the hand, cards nobody saw (mucked, or won without a showdown) may be shown.
  if (legal.show) buttons.push(h("button.btn", { type: "button", onclick: () => send("show"), "data-testid": "show-cards" }, t("act.show")));
  if (legal.muck) buttons.push(h("button.btn.btn-ghost", { type: "button", onclick: () => send("muck") }, t("act.muck")));
  return { buttons, sizing: null };
}

/** Shortcut amounts: the legal minimum, the server's pot-fraction presets (no-limit and
 * pot-limit), and the legal maximum. Nothing here is computed by the client. */
export function potShortcuts(sizing, stack, bet) {
  const list = [[t("preset.min"), sizing.min]];
  const presets = sizing.presets || [];
  for (const p of presets) {
    if (p.amount > sizing.min && p.amount < sizing.max) list.push([presetLabel(p), p.amount]);
  }
  const allIn = stack !== undefined && stack !== null && sizing.max >= (stack || 0) + (bet || 0);
  // Pot-limit: the maximum is the pot, and players call that button "Pot".
  const potIsMax = presets.some((p) => p.key === "pot" && p.amount === sizing.max);
  list.push([allIn ? t("preset.all_in") : potIsMax ? t("preset.pot") : t("preset.max"), sizing.max]);
  return list;
}

function presetLabel(p) {
  return p.key ? t(`preset.${p.key}`) : p.label;
}

/** The clock line of the action bar ("Your time: 12 s", the time bank when there is some),
 * or null when no clock runs. `seats`: the view's seats (is_you, name). Returns
 * { parts, state } (state: clockState's). */
export function clockLine(c, seats, now) {
  const st = clockState(c, now);
  if (!st) return null;
  const seat = (seats || []).find((s) => s.seat === c.seat);
  const who = seat && seat.is_you ? t("clock.yours") : t("clock.theirs", { name: seat ? seat.name : t("table.a_player") });
  // The time bank shows only while it runs or when there is some to use.
  const bank = st.usingBank || st.bankLeft > 0;
  const parts = [
    h("span", {}, `${who}: `, h("strong", { class: !st.usingBank && st.actionLeft < 5000 ? "low" : "" }, t("clock.seconds", { count: seconds(st.actionLeft) }))),
    bank ? h("span", { "data-testid": "time-bank" }, `${t(st.usingBank ? "clock.bank_running" : "clock.bank")}: `, h("strong", { class: st.usingBank ? "low" : "" }, t("clock.seconds", { count: seconds(st.bankLeft) }))) : null];
  return { parts, state: st };
}

/** F, C and R press the bar's buttons with that key (not while typing in a text box). */
export function actionKey(ev, bar) {
  if (ev.target instanceof HTMLInputElement && ev.target.type !== "range" && ev.target.type !== "checkbox") return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const k = ev.key.toLowerCase();
  const btn = bar.querySelector(`button[data-key="${k}"]`);
  if (btn && ["f", "c", "r"].includes(k)) { ev.preventDefault(); btn.click(); }
}
