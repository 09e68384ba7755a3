// The table as the events build it: each event applied to the table it follows gives the next table,
// and after the last event of an answer the table is the answer's view (docs/client-guide.md,
// "Animating a game exactly"). The page draws the table after each event, then takes the view itself.
// @ts-check

/** @typedef {Record<string, any>} Table a view, or a view with some events applied */
/** @typedef {Record<string, any>} GameEvent */

/** @param {string[]} hand @param {string[]} cards */
function without(hand, cards) {
  return hand.filter((card) => !cards.includes(card));
}

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** Cards in the order the view lists a hand: by rank, then by suit (C, D, H, S). @param {string[]} cards */
function sorted(cards) {
  const key = (/** @type {string} */ card) => RANKS.indexOf(card.slice(0, -1)) * 4 + "CDHS".indexOf(card.slice(-1));
  return cards.slice().sort((a, b) => key(a) - key(b));
}

/**
 * The table after `event` (a new object; `table` is not changed).
 * @param {Table} table
 * @param {GameEvent} e
 * @returns {Table}
 */
export function fold(table, e) {
  const next = structuredClone(table);
  const players = next.players;
  switch (e.type) {
    case "deal":
      Object.assign(next, {
        phase: "discard", deal: e.deal, dealer: e.dealer, hand: e.hand || [],
        held: Array(players).fill(e.cards_each), discarded: Array(players).fill(false),
        crib_size: players === 3 ? 1 : 0, starter: null, pile: [], played: [], gone: [], count: 0,
        shown: [], claim: null, counting: null,
      });
      break;
    case "discard": {
      const n = e.cards ? e.cards.length : e.count;
      next.held[e.seat] -= n;
      next.crib_size += n;
      next.discarded[e.seat] = true;
      if (e.cards) next.hand = without(next.hand, e.cards);
      break;
    }
    case "starter":
      next.starter = e.card;
      next.phase = "play";
      break;
    case "play":
      next.held[e.seat] -= 1;
      next.hand = without(next.hand, [e.card]);
      next.pile.push({ card: e.card, seat: e.seat });
      next.played.push({ card: e.card, seat: e.seat });
      next.count = e.count;
      break;
    case "go":
      if (!next.gone.includes(e.seat)) next.gone = [...next.gone, e.seat].sort((a, b) => a - b);
      break;
    case "count_reset":
      Object.assign(next, { pile: [], gone: [], count: 0 });
      break;
    case "play_over":
      next.held = next.held.map((/** @type {number} */ _, /** @type {number} */ seat) =>
        next.played.filter((/** @type {any} */ p) => p.seat === seat).length + next.held[seat]);
      // this seat picks up the cards it played: its kept hand again, sorted as the view sorts it
      next.hand = sorted([...next.hand, ...next.played.filter((/** @type {any} */ p) => p.seat === next.seat).map(
        (/** @type {any} */ p) => p.card)]);
      Object.assign(next, { pile: [], played: [], gone: [], count: 0, phase: "show" });
      break;
    case "show":
      next.shown.push({ seat: e.seat, cards: e.cards, crib: e.crib });
      next.claim = e.claimed === undefined ? null : { seat: e.seat, claimed: e.claimed, crib: e.crib };
      break;
    case "settled":
      next.claim = null;
      break;
    case "score": {
      const peg = next.pegs.find((/** @type {any} */ p) => p.side === e.side);
      if (peg) Object.assign(peg, { front: e.front, back: e.back });
      break;
    }
    case "game_over":
      Object.assign(next, { phase: "over", winner: e.winner, draw: e.draw, outcome: e.outcome, claim: null });
      break;
    default: // cut_for_deal, muggins, ...: nothing on the table changes
  }
  return next;
}
