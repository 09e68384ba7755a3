// The /play page: a game against the computer, or people passing one device, through the public API.
// The loop (docs/play.md): send a move with `since_move` = the last move shown; animate the answer's
// events numbered above it, in order, each once; then draw the view and offer its legal actions.
// What is needed to resume (state, credentials, seat, the last move shown, the table shown) is kept in
// the tab's sessionStorage and in localStorage after every move, so a reload carries on where the page was.
// @ts-check
import { ApiError, serviceApi } from "./api.js";
import { Board } from "./board.js";
import { cardName, cardsName } from "./cards.js";
import { button, describe, drawTable, el, make } from "./draw.js";
import { lang, preferredLang, setLang, t } from "./i18n.js";
import { fold } from "./table.js";

/** @typedef {Record<string, any>} Body */

const STORAGE_KEY = "cribbage.play.v1";
// Each tab keeps its own game in sessionStorage (a reload resumes that tab's game, and a second tab cannot
// overwrite it); the game a tab last drew is also kept in localStorage, for a new tab or a reopened browser.
const STORAGES = /** @type {const} */ (["sessionStorage", "localStorage"]);
const params = new URLSearchParams(location.search);
/** `?fast=1`: no pause between events and no peg transition (the browser tests use it). */
const FAST = params.has("fast");
/** Served by a relay (it marks its index so): only a game with a friend works there; the service's own
 * origin plays the computer and pass and play, and points two devices to a relay. */
const AT_RELAY = document.querySelector("meta[name=play-origin]")?.getAttribute("content") === "relay";
let misdirected = false; // a relay's link opened at the service, where it cannot work: said by the form
const PAUSE = /** @type {Record<string, number>} */ ({ score: 900, show: 700, settled: 700, play: 500, starter: 500, game_over: 900 });

/** @type {import("./api.js").Api} */
let api = serviceApi(lang);
/** Play through another object of api.js's shape (a relay: relay.js). */
export function useApi(/** @type {import("./api.js").Api} */ other) {
  api = other;
}

/**
 * What a reload needs. `seat`, `lastShownMove` and `table` are the seat holding the device; in pass and
 * play the other people's seats keep theirs in `others` until they take the device.
 * @type {Body}
 */
let saved = load() || {};
/** @type {Board | null} */
let board = null;
/** @type {string[]} */
let selected = [];
let skipping = FAST;
/** The hand and crib scores of the deal being shown, by "seat:crib", for the show. */
let details = /** @type {Record<string, any>} */ ({});
/** Milliseconds from a click to its answer drawn, one per move, and every event shown, in order, as
 * [game_id, move, type] (the browser test reads them). */
const timings = /** @type {number[]} */ ([]);
const shownEvents = /** @type {[string, number, string][]} */ ([]);
Object.assign(window, { playTimings: timings, playShown: shownEvents });

/** @param {unknown} value (a declaration: load() runs before the module's constants below it are set) */
function isObject(value) {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

function load() {
  for (const name of STORAGES) {
    try {
      const found = JSON.parse(window[name].getItem(STORAGE_KEY) || "null");
      if (isObject(found)) return found;
    } catch {
      // storage refused or unreadable: try the next, else start afresh
    }
  }
  return null;
}

/** The game localStorage keeps for a new tab (the one a tab last drew), if any. */
function keptGame() {
  const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null");
  return isObject(kept) ? kept.gameId : undefined;
}

/**
 * Keep `saved` for a reload: always in the tab's storage, and in localStorage (what a new tab resumes) too,
 * except when this tab has no game and localStorage keeps another game than the one it `left` (a tab on the
 * setup form leaves another tab's game be; "New game" takes the game it leaves, and its credentials, out).
 * @param {string} [left]
 */
function store(left) {
  const text = JSON.stringify(saved);
  for (const name of STORAGES) {
    try {
      if (name === "localStorage" && !saved.gameId && ![undefined, left].includes(keptGame())) continue;
      window[name].setItem(STORAGE_KEY, text);
    } catch {
      // storage full or refused: the game goes on, a reload will not resume it
    }
  }
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function setBusy(/** @type {boolean} */ busy) {
  document.body.dataset.busy = busy ? "1" : "0";
  el("skip").hidden = !busy || FAST;
}

// --- names ----------------------------------------------------------------------------------------

function players() {
  return saved.table ? saved.table.players : 2;
}

/** @param {number} seat */
function name(seat) {
  if (saved.mode === "pass") return `${t("player")} ${seat + 1}`;
  if (seat === saved.seat) return t("you");
  const level = ((saved.table && saved.table.computer) || []).find((/** @type {Body} */ c) => c.seat === seat);
  if (!level) return `${t("player")} ${seat + 1}`; // a person on another device
  return `${t("computer")} ${players() > 2 ? seat + 1 : ""}`.trim() + ` (${t(level.level)})`;
}

function sideName(/** @type {number} */ side) {
  const peg = ((saved.table && saved.table.pegs) || []).find((/** @type {Body} */ p) => p.side === side);
  return peg ? peg.seats.map(name).join(" & ") : `${t("side")} ${side + 1}`;
}

/** "You win", "Your side wins", or the winners' names with the verb in the right number. */
function winnerText(/** @type {number} */ side) {
  const peg = ((saved.table && saved.table.pegs) || []).find((/** @type {Body} */ p) => p.side === side);
  const partners = Boolean(peg && peg.seats.length > 1);
  if (peg && saved.mode !== "pass" && peg.seats.includes(saved.seat)) return t(partners ? "yourSideWins" : "youWin");
  return `${sideName(side)} ${t(partners ? "win" : "wins")}`;
}

function credential() {
  const credentials = saved.credentials || {};
  if (saved.mode === "pass") return credentials.table;
  const own = (credentials.seats || []).find((/** @type {Body} */ s) => s.seat === saved.seat);
  return own ? own.credential : credentials.table;
}

/** The seat's request fields: the state, the seat and its credential. */
function mine() {
  return { state: saved.state, seat: saved.seat, credential: credential() };
}

// --- drawing ----------------------------------------------------------------------------------------

function context() {
  return { seat: saved.seat, name, sideName, details, selected, toggle, act };
}

function ensureBoard(/** @type {Body} */ table) {
  const names = table.pegs.map((/** @type {Body} */ p) => sideName(p.side));
  if (!board || board.names.join("|") !== names.join("|")) board = new Board(el("board"), names);
  board.show(table.pegs);
}

function draw(/** @type {Body} */ table, /** @type {Body[]} */ legal) {
  // for tests and style sheets: where the table stands
  Object.assign(document.body.dataset, { phase: table.phase, deal: String(table.deal), seat: String(saved.seat) });
  ensureBoard(table);
  drawTable(table, legal, context());
  el("hint").hidden = !legal.length;
  el("concede").hidden = table.phase === "over";
  el("new-game").hidden = table.phase === "over"; // the end offers it
  drawEnd(table);
}

function toggle(/** @type {string} */ card) {
  const i = selected.indexOf(card);
  if (i >= 0) selected.splice(i, 1);
  else selected.push(card);
  draw(saved.table, saved.legal || []);
  const again = /** @type {HTMLElement | null} */ (document.querySelector(`#hand [data-card="${card}"]`));
  if (again) again.focus();
}

/** One line of the log for an event (the service's own words for every score). */
function narrate(/** @type {Body} */ e) {
  let text = "";
  switch (e.type) {
    case "deal": text = `${t("deal")} ${e.deal}, ${t("dealer")}: ${name(e.dealer)}`; break;
    case "discard": text = `${name(e.seat)} → ${t("crib")}${e.cards ? ": " + cardsName(e.cards) : ""}`; break;
    case "starter": text = `${t("starter")}: ${cardName(e.card)}`; break;
    case "play": text = `${name(e.seat)}: ${cardName(e.card)} (${e.count})`; break;
    case "go": text = `${name(e.seat)}: ${t("go")}`; break;
    case "count_reset": text = `${t("count")}: 0`; break;
    case "show": text = `${name(e.seat)} ${t("shows")} ${e.crib ? t("crib") : t("hand")}: ${cardsName(e.cards)}` +
      (e.claimed === undefined ? "" : ` — ${t("claimed")} ${e.claimed}`); break;
    case "muggins": text = `${name(e.seat)}: ${t("callMuggins")} ${e.called}`; break;
    case "settled": text = `${name(e.seat)}: “${e.spoken}” = ${e.actual}`; break;
    case "score": text = `${sideName(e.side)} +${e.points} → ${e.front}: ` +
      e.items.map((/** @type {Body} */ i) => `${i.name} ${i.points}`).join(", ") + ` — “${e.spoken}”`; break;
    case "game_over": text = e.draw ? t("draw") : winnerText(e.winner); break;
    default: return;
  }
  const log = el("log");
  if (e.type === "deal") log.replaceChildren();
  const line = make("p", `log-line ${e.type}`, text);
  log.prepend(line);
  while (log.childElementCount > 8) log.lastElementChild?.remove();
}

/** Keep what a hand or crib scored, for the show (automatic counting: its score; manual: the settled count). */
function remember(/** @type {Body} */ e, /** @type {boolean} */ manual) {
  if (e.type === "deal") details = {};
  if (e.type === "score" && (e.kind === "hand" || e.kind === "crib") && !manual) {
    const seat = e.seat;
    details[`${seat}:${e.kind === "crib"}`] = e;
  }
  if (e.type === "settled") details[`${e.seat}:${e.crib}`] = { ...e, points: e.actual };
}

/** The table before a game's first event: nothing dealt, every peg at the start. */
function emptyTable(/** @type {Body} */ view) {
  return {
    ...structuredClone(view), phase: "deal", hand: [], held: Array(view.players).fill(0),
    discarded: Array(view.players).fill(false), pile: [], played: [],
    shown: [], gone: [], starter: null, count: 0, crib_size: 0, claim: null, counting: null, to_act: [],
    pegs: view.pegs.map((/** @type {Body} */ p) => ({ ...p, front: 0, back: 0 })),
  };
}

// --- the loop ---------------------------------------------------------------------------------------

/** Show an answer: its events above the last move shown, in order, then its view. */
async function present(/** @type {Body} */ answer) {
  const view = answer.view;
  if (answer.state) saved.state = answer.state;
  if (answer.credentials) saved.credentials = answer.credentials;
  if (view.game_id !== saved.gameId) {
    Object.assign(saved, { gameId: view.game_id, lastShownMove: -1, table: null, others: {} });
    details = {};
  }
  const events = (answer.events || []).filter((/** @type {Body} */ e) => e.move > saved.lastShownMove);
  let table = saved.table || (saved.lastShownMove < 0 && events.length ? emptyTable(view) : null);
  saved.legal = [];
  // The other device's move must not undo this player's half-made throw (same deal, cards still held).
  const picked = saved.table && saved.table.deal === view.deal ? selected : [];
  selected = [];
  setBusy(true);
  for (let i = 0; table && i < events.length; i++) {
    const e = events[i];
    table = fold(table, e);
    table.to_act = [];
    shownEvents.push([view.game_id, e.move, e.type]);
    remember(e, Boolean(view.muggins));
    narrate(e);
    saved.table = table;
    draw(table, []);
    if (i === events.length - 1 || events[i + 1].move !== e.move) {
      saved.lastShownMove = e.move; // a move is shown once all its events are
      store();
    }
    if (!skipping && PAUSE[e.type]) await sleep(PAUSE[e.type]);
  }
  Object.assign(saved, { table: view, lastShownMove: view.move, legal: answer.legal_actions || [] });
  if (saved.legal.some((/** @type {Body} */ a) => a.type === "discard")) {
    selected = picked.filter((/** @type {string} */ card) => (view.hand || []).includes(card));
  }
  store();
  draw(view, saved.legal);
  skipping = FAST;
  setBusy(false);
  if (saved.mode === "pass") handOnIfNeeded(view);
  focusFirst();
}

function focusFirst() {
  const active = document.activeElement;
  if (active && active !== document.body && document.body.contains(active)) return;
  const first = /** @type {HTMLElement | null} */ (document.querySelector("#hand button, #counting button, #end button"));
  if (first) first.focus();
}

/** Send one move of the seat holding the device. */
async function act(/** @type {Body} */ action) {
  if (document.body.dataset.busy === "1") return;
  const started = performance.now();
  await request(() => api.act({ ...mine(), action, since_move: saved.lastShownMove }));
  timings.push(performance.now() - started);
}

/** The problem shown is `kept` (a relay's move not sent or not taken: the table is drawn again): the next
 * catch-up's redraw leaves it, so the player sees why the table changed; anything after clears it. */
let keptShown = false;

/**
 * Run a request and present its answer; a problem is shown, and a 422's legal actions offered again.
 * `catchingUp`: a redraw for another seat's move, or the one a kept problem asked for.
 */
async function request(/** @type {() => Promise<Body>} */ send, catchingUp = false) {
  if (!(catchingUp && keptShown)) el("error").textContent = "";
  keptShown = false;
  el("hints").replaceChildren();
  setBusy(true);
  try {
    await present(await send());
  } catch (error) {
    // The state held is older than the move shown (a relay restored from a backup): start over from it.
    const behind = error instanceof ApiError && String(error.problem.type).endsWith(":state-behind");
    if (behind) Object.assign(saved, { lastShownMove: -1, table: null });
    try {
      if (behind) return await present(await api.view({ ...mine(), since_move: -1 }));
    } catch (again) {
      error = again;
    }
    setBusy(false);
    showProblem(error);
  }
}

function showProblem(/** @type {unknown} */ error) {
  /** @type {import("./api.js").Problem} */
  const problem = error instanceof ApiError ? error.problem : { type: "page", status: 0, title: String(error) };
  const said = problem.type === "network" ? t("offline") : `${problem.title || ""} ${problem.detail || ""}`; // (the browser's words)
  el("error").textContent = `${t("error")}: ${said}`.trim();
  keptShown = problem.kept === true;
  if (Array.isArray(problem.legal_actions) && saved.table) {
    saved.legal = problem.legal_actions;
    draw(saved.table, saved.legal);
  }
  if (problem.status === 400 && String(problem.type).endsWith("state-token")) {
    el("end").replaceChildren(button(t("newGame"), newGame, "primary"));
  }
}

// --- pass and play ----------------------------------------------------------------------------------

/** When another person must act, hide this one's hand behind a "hand the device to" screen. */
function handOnIfNeeded(/** @type {Body} */ view) {
  const next = (view.to_act || [])[0];
  if (view.phase === "over" || next === undefined || (view.to_act || []).includes(saved.seat)) return;
  saved.handoff = next;
  store();
  showHandoff();
}

function showHandoff() {
  el("game").hidden = true;
  el("handoff").hidden = false;
  el("handoff-text").textContent = `${t("handTo")} ${name(saved.handoff)}`;
  const take = el("handoff-take");
  take.textContent = `${t("iAm")} ${name(saved.handoff)}`;
  take.focus();
}

async function takeDevice() {
  const next = saved.handoff;
  saved.others = saved.others || {};
  saved.others[saved.seat] = { lastShownMove: saved.lastShownMove, table: saved.table };
  const theirs = saved.others[next] || { lastShownMove: -1, table: null };
  Object.assign(saved, { seat: next, handoff: null, lastShownMove: theirs.lastShownMove, table: theirs.table });
  delete saved.others[next];
  store();
  el("handoff").hidden = true;
  el("game").hidden = false;
  el("log").replaceChildren();
  details = {};
  await request(() => api.view({ ...mine(), since_move: saved.lastShownMove }));
}

// --- hints, the end, review, next game ------------------------------------------------------------

async function hint() {
  el("error").textContent = "";
  try {
    const answer = await api.hints(mine());
    const host = el("hints");
    host.replaceChildren(make("h3", "", t("hint")));
    for (const move of (answer.moves || []).slice(0, 3)) {
      const item = make("div", "hint");
      item.append(make("strong", "", describe(move.action)), make("p", "", (move.reasons || []).join("; ")));
      item.append(button(`${t("playThis")}: ${describe(move.action)}`, () => act(move.action)));
      host.append(item);
    }
  } catch (error) {
    showProblem(error);
  }
}

function drawEnd(/** @type {Body} */ table) {
  const host = el("end");
  host.replaceChildren();
  if (table.phase !== "over") return;
  const outcome = table.outcome || {};
  const result = table.draw ? t("draw") : winnerText(table.winner);
  const scores = table.pegs.map((/** @type {Body} */ p) => `${sideName(p.side)} ${p.front}`).join(", ");
  host.append(make("h2", "", `${t("gameOver")}: ${result}`), make("p", "", scores + (outcome.skunk && outcome.skunk !== "none" ? ` (${t(outcome.skunk)})` : "")));
  host.append(button(t("review"), review));
  const match = table.match;
  if (match) {
    host.append(make("p", "", `${t("match")}: ${match.points.join(" – ")}${match.over ? ` · ${t("matchOver")}` : ""}`));
    if (!match.over) host.append(button(t("nextGame"), nextGame, "primary"));
  }
  host.append(button(t("newGame"), newGame, match && !match.over ? "" : "primary"));
  host.append(make("div", "review", ""));
}

async function review() {
  try {
    const answer = await api.review(mine());
    const host = /** @type {HTMLElement} */ (document.querySelector("#end .review"));
    host.replaceChildren(make("h3", "", `${number(answer.lost.value, 1)} ${t("lost")}`));
    const phases = make("ul");
    for (const p of answer.phases) {
      phases.append(make("li", "", `${t(`phase_${p.phase}`)}: ${p.decisions} ${t("decisions")}, ` +
        `${number(p.lost.value, 2)} ${t("pointsLost")}`));
    }
    const worst = make("ol", "decisions");
    for (const d of answer.decisions.filter((/** @type {Body} */ d) => d.lost.value > 0.5)) {
      worst.append(make("li", "", `${t("deal")} ${d.deal}: ${t("made")} ${describe(d.made)} · ${t("better")} ` +
        `${describe(d.compared)} (−${number(d.lost.value, 2)})`));
    }
    host.append(phases, worst);
  } catch (error) {
    showProblem(error);
  }
}

/** A number as the chosen language writes it ("8.87", "8,87"). */
function number(/** @type {number} */ value, /** @type {number} */ digits) {
  return new Intl.NumberFormat(lang(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

async function nextGame() {
  el("log").replaceChildren();
  await request(() => api.nextGame(mine()));
}

function newGame() {
  const left = saved.gameId;
  saved = { lang: lang() };
  store(left);
  if (AT_RELAY) {
    // Leave the relay's game for good (its stream, its asking, its link in the address bar): the friend form afresh.
    history.replaceState(null, "", `${location.pathname}${location.search}#relay=new`);
    return location.reload();
  }
  showSetup();
}

/** The setup form (a relay's, relay.js's clone of it, offers a game with a friend only). */
function showSetup() {
  board = null;
  el("two-devices").hidden = AT_RELAY;
  el("game").hidden = true;
  el("handoff").hidden = true;
  el("setup").hidden = false;
  el("log").replaceChildren();
  /** @type {HTMLElement} */ (document.querySelector("#setup select")).focus();
}

const SEATS = /** @type {Record<string, number>} */ ({ six_card: 2, five_card: 2, three_player: 3, four_player: 4, four_player_individual: 4 });

async function startGame(/** @type {SubmitEvent} */ event) {
  event.preventDefault();
  const form = new FormData(/** @type {HTMLFormElement} */ (el("setup")));
  const variant = String(form.get("variant"));
  const mode = String(form.get("mode"));
  const seats = SEATS[variant] || 2;
  /** @type {Body} */
  const body = { variant, seat: 0 };
  if (mode === "computer") {
    body.computer = Array.from({ length: seats - 1 }, (_, i) => ({ seat: i + 1, level: String(form.get("level")) }));
  }
  if (form.get("muggins")) body.options = { muggins: true };
  if (form.get("target")) body.options = { ...body.options, target: Number(form.get("target")) };
  if (form.get("match") && seats === 2) body.match = { format: "best_of", length: Number(form.get("match")) };
  saved = { lang: lang(), mode, seat: 0, lastShownMove: -1, options: body, others: {} };
  el("setup").hidden = el("two-devices").hidden = true;
  el("game").hidden = false;
  el("log").replaceChildren();
  board = null;
  await request(() => api.start(body));
}

// --- labels and start -------------------------------------------------------------------------------

function label() {
  document.title = t("title");
  el("title").textContent = t("title");
  el("lang-label").textContent = t("language");
  for (const element of document.querySelectorAll("[data-t]")) {
    element.textContent = t(/** @type {HTMLElement} */ (element).dataset.t || "");
  }
  el("skip").textContent = t("skip");
  el("hint").textContent = t("hint");
  el("concede").textContent = t("concede");
  el("new-game").textContent = t("newGame");
  el("two-devices").textContent = (misdirected ? `${t("relayLinkHere")} ` : "") + t("twoDevices");
}

function concede() {
  if (window.confirm(`${t("concede")}?`)) act({ type: "concede", seat: saved.seat });
}

// --- another device's moves (a relay) -------------------------------------------------------------

let catchingUp = false;

/**
 * Play `seat` of a game held elsewhere (a relay) through `other`, an object of api.js's shape, with the
 * seat's own credential: catch up from the last move this browser showed of that seat (kept with its
 * credential: a reload animates only what came after), else from the game's start; then go on as with
 * the service.
 * @param {import("./api.js").Api} other @param {number} seat @param {string} seatCredential
 */
export async function join(other, seat, seatCredential) {
  useApi(other);
  const resumed = saved.mode === "remote" && saved.seat === seat && credential() === seatCredential;
  saved = resumed ? { ...saved, lang: lang() } : { lang: lang(), mode: "remote", seat,
    credentials: { seats: [{ seat, credential: seatCredential }] }, lastShownMove: -1, others: {} };
  store();
  board = null;
  el("setup").hidden = true;
  el("game").hidden = false;
  await request(() => api.view({ ...mine(), since_move: saved.lastShownMove }));
}

/** The game moved on another device: show what this seat has not shown yet (once the page is idle). */
export async function catchUp() {
  if (catchingUp) return;
  catchingUp = true;
  while (document.body.dataset.busy === "1") await sleep(50);
  catchingUp = false;
  await request(() => api.view({ ...mine(), since_move: saved.lastShownMove }), true);
}

async function main() {
  setLang(params.get("lang") || saved.lang || preferredLang());
  const select = /** @type {HTMLSelectElement} */ (el("lang"));
  select.value = lang();
  select.addEventListener("change", () => {
    setLang(select.value);
    saved.lang = lang();
    store();
    label();
    board = null;
    if (saved.table) draw(saved.table, saved.legal || []);
    if (saved.handoff !== null && saved.handoff !== undefined) showHandoff();
  });
  label();
  document.body.classList.toggle("fast", FAST);
  el("setup").addEventListener("submit", startGame);
  el("skip").addEventListener("click", () => { skipping = true; });
  el("hint").addEventListener("click", hint);
  el("concede").addEventListener("click", concede);
  el("new-game").addEventListener("click", newGame);
  el("handoff-take").addEventListener("click", takeDevice);
  setBusy(false);
  if (AT_RELAY) {
    // Two devices: relay.js reads the fragment (none: "play with a friend") and calls join/catchUp.
    const module = "./relay.js"; // a name, so no tool resolves it here: the service never loads it
    const relay = await import(module);
    await relay.start({ join, catchUp });
    return;
  }
  if ((misdirected = location.hash.includes("relay="))) {
    // A relay's link (or #relay=new) opened here: drop it (it may hold a credential) and say where it works.
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    label();
    el("two-devices").setAttribute("role", "alert");
    return showSetup();
  }
  if (!saved.state) {
    newGame();
    return;
  }
  el("setup").hidden = true;
  if (saved.handoff !== null && saved.handoff !== undefined) {
    showHandoff();
    return;
  }
  el("game").hidden = false;
  await request(() => api.view({ ...mine(), since_move: saved.lastShownMove }));
}

main();
