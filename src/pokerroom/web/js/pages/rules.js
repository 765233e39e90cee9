// One rule of the rulebook (docs/RULES.md) by its ID: where a refusal's rule link leads.
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { fetchRule, ruleBody } from "../ui.js";

export function mountRule(main, ruleId) {
  const body = h("div", {}, h("p.muted", {}, t("rules.loading")));
  main.appendChild(h("section.panel", {}, h("h1", {}, t("rules.title", { id: ruleId })), body));
  fetchRule(ruleId).then((found) => {
    replace(body, found ? ruleBody(found) : h("p", {}, t("rules.unknown", { id: ruleId })));
  }).catch(() => replace(body, h("p", {}, t("rules.unknown", { id: ruleId }))));
  return null;
}
