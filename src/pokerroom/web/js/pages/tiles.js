// Several tables in one window, as tiles: the table where it is your turn is marked and
// brought to the front. The hash lists the tables: #/tiles/antares-1,deneb.
import { h, replace } from "../dom.js";
import { api } from "../api.js";
import { t } from "../i18n.js";
import { mountTable } from "./table.js";

export function mountTiles(main, list) {
  const ids = Array.from(new Set(String(list || "").split(",").filter(Boolean))).slice(0, 4);
  const grid = h("div.tiles", { "data-testid": "tiles" });
  const add = h("select", { "aria-label": t("tiles.add"), onchange: (e) => {
    if (e.target.value) location.hash = `#/tiles/${[...ids, e.target.value].map(encodeURIComponent).join(",")}`;
  } }, h("option", { value: "" }, t("tiles.add")));
  main.appendChild(h("section", {},
    h("div.lobby-head", {}, h("h1", {}, t("tiles.title")), ids.length < 4 ? add : null),
    grid));
  api.lobby().then((data) => {
    for (const entry of data.tables || []) {
      if (entry.kind === "poker" && !ids.includes(entry.id)) add.appendChild(h("option", { value: entry.id }, entry.name || entry.id));
    }
  }).catch(() => {});
  if (!ids.length) replace(grid, h("p.muted", {}, t("tiles.empty")));

  const unmounts = ids.map((id) => {
    const tile = h("div.tile", { dataset: { tile: id } });
    grid.appendChild(tile);
    return mountTable(tile, id, {
      tile: true,
      onTurn: (yours) => {
        // Your turn: marked, and brought forward (first in the grid).
        tile.classList.toggle("your-turn", yours);
        tile.style.order = yours ? "-1" : "";
      },
      onClose: () => { location.hash = `#/tiles/${ids.filter((x) => x !== id).map(encodeURIComponent).join(",")}`; },
    });
  });
  return () => unmounts.forEach((off) => { if (off) off(); });
}
