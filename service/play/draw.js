// Drawing a table (a view, or a view with some of an answer's events applied) and its controls.
// Nothing here talks to the service: the controls call back into app.js.
// @ts-check
import { backsElement, cardElement, cardName, cardsName } from "./cards.js";
import { t } from "./i18n.js";

/** @typedef {Record<string, any>} Table */
/** @typedef {Record<string, any>} Action */

/**
 * @typedef {{
 *   seat: number,
 *   name: (seat: number) => string,
 *   sideName: (side: number) => string,
 *   details: Record<string, any>,
 *   selected: string[],
 *   toggle: (card: string) => void,
 *   act: (action: Action) => void,
 * }} Context
 */

/** @param {string} id */
export function el(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/** @param {string} tag @param {string} [className] @param {string} [text] */
export function make(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

/** @param {string} text @param {() => void} onClick @param {string} [className] */
export function button(text, onClick, className) {
  const element = /** @type {HTMLButtonElement} */ (make("button", className, text));
  element.type = "button";
  element.addEventListener("click", onClick);
  return element;
}

/** An action in words: "queen of hearts", "claim 8", ... */
export function describe(/** @type {Action} */ action) {
  switch (action.type) {
    case "discard": return cardsName(action.cards);
    case "play": return cardName(action.card);
    case "count": return `${t("claim")} ${action.claimed}`;
    case "muggins": return `${t("callMuggins")} ${action.points}`;
    case "accept": return t("accept");
    default: return t(action.type);
  }
}

/** The status line: whose turn, in which deal. */
function status(/** @type {Table} */ table, /** @type {Context} */ c) {
  if (table.phase === "over") return `${t("gameOver")}`;
  const deal = `${t("deal")} ${table.deal}, ${t("dealer")}: ${c.name(table.dealer)}. `;
  const toAct = table.to_act || [];
  if (toAct.includes(c.seat)) return deal + t("yourTurn") + (table.phase === "discard" ? `: ${t("chooseThrow")}` : "");
  return deal + (toAct.length ? `${t("waiting")} ${toAct.map(c.name).join(", ")}` : "");
}

function drawOthers(/** @type {Table} */ table, /** @type {Context} */ c) {
  const host = el("others");
  host.replaceChildren();
  for (let seat = 0; seat < table.players; seat++) {
    if (seat === c.seat) continue;
    const box = make("div", "other");
    const badges = [seat === table.dealer ? t("dealer") : "", (table.gone || []).includes(seat) ? t("go") : ""];
    box.append(make("span", "who", [c.name(seat), ...badges.filter(Boolean)].join(" · ")));
    box.append(backsElement(table.held ? table.held[seat] : 0));
    host.append(box);
  }
}

function drawMiddle(/** @type {Table} */ table, /** @type {Context} */ c) {
  const starter = el("starter");
  starter.replaceChildren(make("span", "label", t("starter")));
  starter.append(table.starter ? cardElement(table.starter) : backsElement(1));
  const pile = el("pile");
  pile.replaceChildren(make("span", "label count", `${t("count")}: ${table.count}`));
  const cards = make("div", "pile-cards");
  for (const p of table.pile || []) cards.append(cardElement(p.card, { small: true }));
  cards.setAttribute("role", "group");
  cards.setAttribute("aria-label", t("pile"));
  pile.append(cards);
  const crib = el("crib");
  crib.replaceChildren(make("span", "label", `${t("crib")} (${c.name(table.dealer)})`), backsElement(table.crib_size || 0));
}

function drawShown(/** @type {Table} */ table, /** @type {Context} */ c) {
  const host = el("shown");
  host.replaceChildren();
  for (const shown of table.shown || []) {
    const box = make("div", "shown-hand");
    const title = `${c.name(shown.seat)} · ${shown.crib ? t("crib") : t("hand")}`;
    box.append(make("h3", "", title));
    const cards = make("div", "cards");
    for (const card of shown.cards) cards.append(cardElement(card, { small: true }));
    if (table.starter) cards.append(cardElement(table.starter, { small: true }));
    box.append(cards);
    const detail = c.details[`${shown.seat}:${shown.crib}`];
    if (detail) {
      const list = make("ul", "combos");
      for (const item of detail.combinations || detail.items || []) {
        list.append(make("li", "", `${item.name}: ${cardsName(item.cards)} — ${item.points}`));
      }
      box.append(list, make("p", "spoken", `“${detail.spoken}” = ${detail.points}`));
    } else if (table.claim && table.claim.seat === shown.seat && table.claim.crib === shown.crib) {
      box.append(make("p", "spoken", `${c.name(shown.seat)} ${t("claimed")} ${table.claim.claimed}`));
    }
    host.append(box);
  }
}

function drawHand(/** @type {Table} */ table, /** @type {Action[]} */ legal, /** @type {Context} */ c) {
  el("hand-title").textContent = c.seat === undefined ? "" : `${t("yourHand")} (${c.name(c.seat)})`;
  const hand = el("hand");
  hand.replaceChildren();
  const discarding = legal.some((a) => a.type === "discard");
  const playable = new Map(legal.filter((a) => a.type === "play").map((a) => [a.card, a]));
  for (const card of table.hand || []) {
    if (discarding) hand.append(cardElement(card, { onClick: c.toggle, selected: c.selected.includes(card) }));
    else if (playable.has(card)) hand.append(cardElement(card, { onClick: () => c.act(playable.get(card) || {}) }));
    else {
      const face = cardElement(card);
      if (playable.size) face.classList.add("unplayable");
      hand.append(face);
    }
  }
}

/** The claims (manual counting) and the muggins window. */
function drawCounting(/** @type {Table} */ table, /** @type {Action[]} */ legal, /** @type {Context} */ c) {
  const host = el("counting");
  host.replaceChildren();
  const counts = legal.filter((a) => a.type === "count");
  if (counts.length && table.counting) {
    host.append(make("h3", "", `${t("countYours")}: ${table.counting.crib ? t("crib") : t("hand")}`));
    const cards = make("div", "cards");
    for (const card of table.counting.cards) cards.append(cardElement(card, { small: true }));
    if (table.starter) cards.append(cardElement(table.starter, { small: true }));
    const select = /** @type {HTMLSelectElement} */ (make("select", "claim"));
    select.setAttribute("aria-label", `${t("claim")} (${t("points")})`);
    for (const a of counts) select.append(new Option(String(a.claimed), String(a.claimed)));
    host.append(cards, select, button(t("claim"), () => {
      const chosen = counts.find((a) => String(a.claimed) === select.value);
      if (chosen) c.act(chosen);
    }, "primary"));
  }
  const accept = legal.find((a) => a.type === "accept");
  const muggins = legal.filter((a) => a.type === "muggins");
  if (accept && table.claim) {
    host.append(make("p", "", `${c.name(table.claim.seat)} ${t("claimed")} ${table.claim.claimed} ${t("points")}`));
    host.append(button(t("accept"), () => c.act(accept), "primary"));
    if (muggins.length) {
      const select = /** @type {HTMLSelectElement} */ (make("select", "muggins-points"));
      select.setAttribute("aria-label", `${t("callMuggins")} (${t("points")})`);
      for (const a of muggins) select.append(new Option(String(a.points), String(a.points)));
      host.append(select, button(t("callMuggins"), () => {
        const chosen = muggins.find((a) => String(a.points) === select.value);
        if (chosen) c.act(chosen);
      }));
    }
  }
}

function drawActions(/** @type {Action[]} */ legal, /** @type {Context} */ c) {
  const host = el("actions");
  host.replaceChildren();
  const discards = legal.filter((a) => a.type === "discard");
  if (!discards.length) return;
  const chosen = discards.find(
    (a) => a.cards.length === c.selected.length && a.cards.every((/** @type {string} */ x) => c.selected.includes(x)),
  );
  const throwButton = button(t("throw"), () => chosen && c.act(chosen), "primary throw");
  throwButton.disabled = !chosen;
  throwButton.setAttribute("aria-label", `${t("throw")}${c.selected.length ? ": " + cardsName(c.selected) : ""}`);
  host.append(throwButton);
}

/**
 * Draw `table` with the controls for `legal` (none while an answer is being animated).
 * @param {Table} table @param {Action[]} legal @param {Context} c
 */
export function drawTable(table, legal, c) {
  el("status").textContent = status(table, c);
  drawOthers(table, c);
  drawMiddle(table, c);
  drawShown(table, c);
  drawHand(table, legal, c);
  drawCounting(table, legal, c);
  drawActions(legal, c);
}
