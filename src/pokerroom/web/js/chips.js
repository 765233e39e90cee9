// Chips drawn in SVG: a stack of denominations for an amount (display only).
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { money } from "./fmt.js";

const DENOMS = [
  [100000, "#c9a227"], [25000, "#7b4fa0"], [5000, "#e06c1f"], [1000, "#f2f2f2"],
  [500, "#7b4fa0"], [100, "#222"], [25, "#1f8f4e"], [5, "#c62828"], [1, "#2f5fb3"],
];

function chipSvg(color) {
  const light = color === "#f2f2f2";
  return h("svg:svg.chip", { viewBox: "0 0 40 40", "aria-hidden": "true" },
    h("svg:circle", { cx: 20, cy: 20, r: 19, fill: color, stroke: "rgba(0,0,0,.45)", "stroke-width": 1 }),
    h("svg:circle", {
      cx: 20, cy: 20, r: 15.5, fill: "none", stroke: light ? "#2f5fb3" : "#fff",
      "stroke-width": 5, "stroke-dasharray": "6.1 6.1", opacity: 0.9,
    }),
    h("svg:circle", { cx: 20, cy: 20, r: 10.5, fill: color, stroke: "rgba(255,255,255,.6)", "stroke-width": 1 }));
}

/** Up to 3 short columns of chips plus the amount as text. */
export function chipStack(amount, opts = {}) {
  const columns = [];
  let rest = amount || 0;
  for (const [value, color] of DENOMS) {
    if (rest < value) continue;
    const n = Math.min(Math.floor(rest / value), 5);
    rest -= n * value;
    const col = h("span.chip-col", {}, Array.from({ length: n }, () => chipSvg(color)));
    columns.push(col);
    if (columns.length === 3) break;
  }
  return h("div.chip-stack", { class: opts.class },
    h("span.chip-cols", {}, columns),
    h("span.chip-amount", {}, opts.label ? `${opts.label} ${money(amount)}` : money(amount)));
}

/** A single chip button used to pick a stake (UTH). */
export function chipButton(value, onClick, color) {
  const c = color || (DENOMS.find(([v]) => v <= value) || DENOMS[DENOMS.length - 1])[1];
  return h("button.chip-btn", { type: "button", onclick: onClick, title: t("uth.add_chip", { amount: value }), "aria-label": t("uth.chip", { amount: value }) },
    chipSvg(c), h("span.chip-btn-label", {}, money(value).replace(/\.00$/, "")));
}
