// Cards as the service writes them ("10S", "QH", "AC") drawn as text: the rank and the suit's symbol,
// red or black by suit but never by colour alone (the symbol says the suit), each with a spoken label.
// @ts-check
import { t } from "./i18n.js";

const SYMBOLS = /** @type {Record<string, string>} */ ({ S: "♠", H: "♥", D: "♦", C: "♣" });
const FACES = /** @type {Record<string, string>} */ ({ A: "ace", J: "jack", Q: "queen", K: "king" });

/** @param {string} card */
export function rankOf(card) {
  return card.slice(0, -1);
}

/** @param {string} card */
export function suitOf(card) {
  return card.slice(-1);
}

/** "queen of hearts" / "hjärter dam": the card's name for a screen reader. */
export function cardName(/** @type {string} */ card) {
  const rank = rankOf(card);
  const face = FACES[rank];
  const rankWord = face ? t(face) : rank;
  const of = t("of");
  return of ? `${rankWord} ${of} ${t(suitOf(card))}` : `${t(suitOf(card))} ${rankWord}`;
}

/** Several cards' names, for a label. */
export function cardsName(/** @type {string[]} */ cards) {
  return cards.map(cardName).join(", ");
}

/**
 * A card's face: a button when `onClick` is given (a card the player may choose), else a picture.
 * @param {string} card
 * @param {{onClick?: (card: string) => void, selected?: boolean, small?: boolean}} [how]
 */
export function cardElement(card, how = {}) {
  const element = document.createElement(how.onClick ? "button" : "span");
  element.className = `card suit-${suitOf(card)}${how.small ? " small" : ""}`;
  element.dataset.card = card;
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = rankOf(card);
  const suit = document.createElement("span");
  suit.className = "suit";
  suit.textContent = SYMBOLS[suitOf(card)] || "?";
  rank.setAttribute("aria-hidden", "true");
  suit.setAttribute("aria-hidden", "true");
  element.append(rank, suit);
  element.setAttribute("aria-label", cardName(card));
  if (how.onClick) {
    const onClick = how.onClick;
    /** @type {HTMLButtonElement} */ (element).type = "button";
    element.setAttribute("aria-pressed", how.selected ? "true" : "false");
    element.addEventListener("click", () => onClick(card));
  } else {
    element.setAttribute("role", "img");
  }
  if (how.selected) element.classList.add("selected");
  return element;
}

/** `n` cards face down (another seat's hand). */
export function backsElement(/** @type {number} */ n) {
  const element = document.createElement("span");
  element.className = "backs";
  element.setAttribute("role", "img");
  element.setAttribute("aria-label", `${n} ${t("cards")}, ${t("faceDown")}`);
  for (let i = 0; i < n; i++) {
    const back = document.createElement("span");
    back.className = "card back small";
    back.setAttribute("aria-hidden", "true");
    element.append(back);
  }
  return element;
}
