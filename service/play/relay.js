// Two devices, one game: the page played through the reference relay (examples/relay), which serves
// this page on its own origin. app.js loads this module when the URL's fragment holds `relay=`:
//   #relay=new                                   "play with a friend": create a game, show the others' links
//   #relay=<game_id>&seat=<n>&credential=<c>     play that seat (a link the creator sent)
// The fragment never reaches a server. The relay keeps the game's latest state; this module gives the
// page an object of api.js's shape that talks to the relay with this seat's own credential, and
// listens to the relay's event stream: when the game moved, the page catches up (view since_move).
// @ts-check
import { ApiError, post } from "./api.js";
import { button, el, make } from "./draw.js";
import { lang } from "./i18n.js";

/** @typedef {Record<string, any>} Body */
/** @typedef {{join: (api: import("./api.js").Api, seat: number, credential: string) => Promise<void>, catchUp: () => Promise<void>}} Hooks */

/** This module's few words (the page's own are in i18n.js). */
const WORDS = /** @type {Record<string, Record<string, string>>} */ ({
  friend: { en: "Play with a friend on another device", sv: "Spela med en vän på en annan enhet", da: "Spil med en ven på en anden enhed", de: "Mit einem Freund auf einem anderen Gerät spielen", nl: "Speel met een vriend op een ander apparaat" },
  create: { en: "Create the game", sv: "Skapa partiet", da: "Opret spillet", de: "Spiel anlegen", nl: "Spel aanmaken" },
  send: { en: "Send this link to player", sv: "Skicka den här länken till spelare", da: "Send dette link til spiller", de: "Diesen Link an Spieler senden", nl: "Stuur deze link naar speler" },
  copy: { en: "Copy", sv: "Kopiera", da: "Kopiér", de: "Kopieren", nl: "Kopiëren" },
  copied: { en: "Copied", sv: "Kopierad", da: "Kopieret", de: "Kopiert", nl: "Gekopieerd" },
  hide: { en: "Hide the links", sv: "Dölj länkarna", da: "Skjul links", de: "Links ausblenden", nl: "Links verbergen" },
});
const say = (/** @type {string} */ key) => WORDS[key][lang()] || WORDS[key].en;

/** The game this device plays at the relay, and what it knows of it. */
const game = {
  id: "",
  seat: 0,
  credential: "",
  known: 0, // the latest move the relay told of (a move is sent as made on it)
  answered: -1, // the move of the last answer handed to the page
};
/** @type {EventSource | null} */
let source = null;

const path = (/** @type {string} */ operation) => `/relay/games/${encodeURIComponent(game.id)}/${operation}`;
const own = () => ({ seat: game.seat, credential: game.credential });

/** Note where an answer stands, then hand it to the page. @param {Body} answer */
function seen(answer) {
  if (answer && answer.view && answer.view.game_id === game.id) {
    game.answered = answer.view.move;
    game.known = Math.max(game.known, answer.view.move);
  }
  return answer;
}

/** The fragment that brings this device back to its seat (a reload re-joins from it). */
function remember() {
  const fragment = new URLSearchParams({ relay: game.id, seat: String(game.seat), credential: game.credential });
  history.replaceState(null, "", `${location.pathname}${location.search}#${fragment}`);
}

/** Hear from the relay when the game moved; catch up when it moved past what the page was last given. */
function listen(/** @type {Hooks} */ hooks) {
  if (source) source.close();
  source = new EventSource(path("events"));
  source.addEventListener("moved", (event) => {
    const data = JSON.parse(/** @type {MessageEvent} */ (event).data);
    if (data.game_id !== game.id) return;
    game.known = Math.max(game.known, data.move);
    if (data.move > game.answered) hooks.catchUp();
  });
}

/** A 409 from the relay: the move was made on a state that is not the latest any more. */
function stale(/** @type {unknown} */ error) {
  return error instanceof ApiError && error.problem.status === 409 && typeof error.problem.move === "number";
}

/** The page's api (api.js's shape), through the relay, for this device's seat. @param {Hooks} hooks */
function relayApi(hooks) {
  /** @type {import("./api.js").Api} */
  const api = {
    start: () => Promise.reject(new ApiError({ type: "page", status: 0, title: "a relay game is started from #relay=new" })),
    async act(body) {
      const send = () => post(path("act"), { ...own(), move: game.known, action: body.action, since_move: body.since_move }, lang());
      try {
        return seen(await send());
      } catch (error) {
        if (!stale(error)) throw error;
        game.known = Number(/** @type {ApiError} */ (error).problem.move);
        // A throw does not depend on the other seat's (unseen) throw: send it again on the latest state.
        if (body.action.type === "discard") return seen(await send());
        setTimeout(() => hooks.catchUp(), 0); // anything else was chosen on an old table: show the new one
        throw error;
      }
    },
    view: async (body) =>
      seen(await post(path("view"), { ...own(), ...(body.since_move === undefined ? {} : { since_move: body.since_move }) }, lang())),
    hints: () => post(path("hints"), own(), lang()),
    review: () => post(path("review"), own(), lang()),
    async nextGame() {
      const answer = await post(path("next-game"), own(), lang());
      const mine = (answer.credentials.seats || []).find((/** @type {Body} */ s) => s.seat === game.seat);
      Object.assign(game, { id: answer.view.game_id, credential: mine.credential, known: answer.view.move, answered: -1 });
      remember();
      listen(hooks);
      return seen(answer);
    },
  };
  return api;
}

/**
 * "Play with a friend": the page's own setup form, for people only, creating the game at the relay;
 * then the others' links. The page shows it for "#relay=new" and for its "New game" button.
 */
function friendForm(/** @type {Hooks} */ hooks) {
  const form = /** @type {HTMLFormElement} */ (el("setup").cloneNode(true)); // the page's listeners stay behind
  el("setup").replaceWith(form);
  form.querySelector("fieldset")?.remove(); // opponents: the people at the links
  form.querySelector("select[name=level]")?.closest("label")?.remove();
  form.prepend(make("h2", "", say("friend")));
  const submit = /** @type {HTMLButtonElement} */ (form.querySelector("#start"));
  submit.removeAttribute("data-t");
  submit.textContent = say("create");
  const problem = make("p", "error", "");
  problem.setAttribute("role", "alert");
  form.append(problem);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = new FormData(form);
    const variant = String(chosen.get("variant"));
    /** @type {Body} */
    const body = { variant };
    if (chosen.get("muggins")) body.options = { muggins: true };
    if (chosen.get("match") && (variant === "six_card" || variant === "five_card")) {
      body.match = { format: "best_of", length: Number(chosen.get("match")) };
    }
    submit.disabled = true;
    problem.textContent = "";
    try {
      const created = await post("/relay/games", body, lang());
      form.hidden = true;
      showLinks(created.seats.slice(1));
      const first = new URLSearchParams(created.seats[0].link.split("#")[1]);
      await play(hooks, created.game_id, 0, String(first.get("credential")));
    } catch (error) {
      problem.textContent = error instanceof ApiError ? `${error.problem.title || ""} ${error.problem.detail || ""}` : String(error);
    } finally {
      submit.disabled = false;
    }
  });
}

/** The links of the other seats, to send to their players (each carries that seat's credential only). */
function showLinks(/** @type {Body[]} */ seats) {
  document.getElementById("friend-links")?.remove();
  const host = make("section", "friend-links");
  host.id = "friend-links";
  for (const { seat, link } of seats) {
    const url = new URL(link, location.origin).href;
    const field = /** @type {HTMLInputElement} */ (make("input", "link"));
    Object.assign(field, { id: `friend-link-${seat}`, readOnly: true, value: url });
    const label = /** @type {HTMLLabelElement} */ (make("label", "", `${say("send")} ${seat + 1}`));
    label.htmlFor = field.id;
    const copy = button(say("copy"), async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(url);
        copy.textContent = say("copied");
      } catch {
        // no clipboard (an insecure origin, or refused): the link is selected for the user to copy
      }
    });
    host.append(label, field, copy);
  }
  host.append(button(say("hide"), () => host.remove()));
  el("game").before(host);
}

/** Play `seat` of relay game `id` with its credential. @param {Hooks} hooks */
async function play(hooks, /** @type {string} */ id, /** @type {number} */ seat, /** @type {string} */ credential) {
  Object.assign(game, { id, seat, credential, known: 0, answered: -1 });
  remember();
  await hooks.join(relayApi(hooks), seat, credential);
  listen(hooks);
}

/** Called by app.js when the fragment holds `relay=`. @param {Hooks} hooks */
export async function start(hooks) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const id = fragment.get("relay") || "";
  friendForm(hooks);
  if (id === "new") {
    el("setup").hidden = false;
    return;
  }
  await play(hooks, id, Number(fragment.get("seat")), fragment.get("credential") || "");
}
