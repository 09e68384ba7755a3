// The board: an SVG picture of each side's track (holes 1 to 120 in four rows of thirty, in fives,
// up and back twice, a start hole and the game hole), with the side's two pegs. A score moves the
// front peg on and the old front peg becomes the back one, exactly as the service's score events say
// (`front`, `back`); the pegs glide there by a CSS transition on their transform.
// @ts-check
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const GAME_HOLE = 121;
const BAND = 56; // height of one side's track, its name above it
const ROW = 9;

/** Where hole `n` (0 = the start, 121 = the game hole) of the side drawn at `band` is. */
export function holeAt(/** @type {number} */ n, /** @type {number} */ band) {
  const top = band * BAND + 17;
  if (n <= 0) return { x: 8, y: top };
  if (n >= GAME_HOLE) return { x: 338, y: top + 1.5 * ROW };
  const row = Math.floor((n - 1) / 30);
  let i = (n - 1) % 30;
  if (row % 2 === 1) i = 29 - i;
  return { x: 20 + i * 10 + Math.floor(i / 5) * 3, y: top + row * ROW };
}

/** @param {string} name @param {Record<string, string | number>} attributes */
function svg(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

export class Board {
  /**
   * @param {HTMLElement} host where the picture goes
   * @param {string[]} names each side's name, in side order
   */
  constructor(host, names) {
    this.names = names;
    this.root = svg("svg", { viewBox: `0 0 346 ${names.length * BAND + 4}`, role: "img", class: "board" });
    this.title = svg("title", {});
    this.root.append(this.title);
    /** @type {{front: SVGElement, back: SVGElement, label: SVGElement}[]} */
    this.sides = [];
    names.forEach((name, side) => this.drawTrack(side, name));
    host.replaceChildren(this.root);
    this.scores = names.map(() => ({ front: 0, back: 0 }));
    this.names.forEach((_, side) => this.peg(side, 0, 0));
  }

  /** @param {number} side @param {string} name */
  drawTrack(side, name) {
    const group = svg("g", { class: `track side-${side}`, "aria-hidden": "true" });
    const label = svg("text", { x: 4, y: side * BAND + 9, class: "track-name" });
    label.textContent = name;
    group.append(label);
    for (let n = 0; n <= GAME_HOLE; n++) {
      const { x, y } = holeAt(n, side);
      const big = n === 0 || n === GAME_HOLE || n % 30 === 0;
      group.append(svg("circle", { cx: x, cy: y, r: big ? 2.6 : 1.7, class: n % 5 === 0 && n ? "hole five" : "hole" }));
    }
    const back = svg("circle", { cx: 0, cy: 0, r: 3.4, class: "peg back" });
    const front = svg("circle", { cx: 0, cy: 0, r: 3.8, class: "peg front" });
    group.append(back, front);
    this.root.append(group);
    this.sides.push({ front, back, label });
  }

  /** Put a side's pegs at `front` and `back` (the score event's, or the view's). */
  peg(/** @type {number} */ side, /** @type {number} */ front, /** @type {number} */ back) {
    const pegs = this.sides[side];
    if (!pegs) return;
    this.scores[side] = { front, back };
    for (const [element, hole] of /** @type {const} */ ([
      [pegs.front, front],
      [pegs.back, back],
    ])) {
      const { x, y } = holeAt(Math.min(hole, GAME_HOLE), side);
      /** @type {SVGElement} */ (element).style.transform = `translate(${x}px, ${y}px)`;
    }
    pegs.label.textContent = `${this.names[side]}: ${front}`;
    this.title.textContent =
      `${t("board")}: ` +
      this.scores.map((s, i) => `${this.names[i]} ${s.front} (${t("back")} ${s.back})`).join(", ");
  }

  /** Every side's pegs from a view's `pegs`. */
  show(/** @type {{side: number, front: number, back: number}[]} */ pegs) {
    for (const p of pegs) this.peg(p.side, p.front, p.back);
  }
}
