// Two devices, one game: the page played through the reference relay (examples/relay), which serves
// this page on its own origin. app.js loads this module when the URL's fragment holds `relay=`:
//   #relay=new (or no fragment)                  "play with a friend": create a game, show the others' links
//   #relay=<game_id>&seat=<n>&credential=<c>     play that seat (a link the creator sent)
// The fragment never reaches a server. The relay keeps the game's latest state; this module gives the
// page an object of api.js's shape that talks to the relay with this seat's own credential, and
// listens to the relay's event stream: when the game moved, the page catches up (view since_move).
// When the relay refuses a stream (too many open) or it fails for good, the page asks for its view
// now and then instead (backing off while nothing moves) and tries a stream again now and then.
// @ts-check
import { ApiError, post } from "./api.js";
import { button, el, make } from "./draw.js";
import { lang, t } from "./i18n.js";

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
  // The relay's own problems (urn:cribbage-relay:problem:<slug>) in the page's language; the service's
  // come in it already.
  "bad-link": { en: "This link is not whole: ask for it again (it names a game, a seat and that seat's credential).", sv: "Länken är inte hel: be om den igen (den anger ett parti, en plats och platsens lösenord).", da: "Linket er ikke helt: bed om det igen (det angiver et spil, en plads og pladsens adgangskode).", de: "Dieser Link ist unvollständig: Bitte erneut anfordern (er nennt ein Spiel, einen Platz und dessen Zugangsschlüssel).", nl: "Deze link is niet volledig: vraag hem opnieuw (hij noemt een spel, een plaats en de sleutel van die plaats)." },
  "not-found": { en: "This relay does not keep that game (never started here, or forgotten after two days without a move). Start a new one.", sv: "Det här reläet har inte det partiet (aldrig startat här, eller glömt efter två dagar utan drag). Starta ett nytt.", da: "Dette relæ har ikke det spil (aldrig startet her, eller glemt efter to dage uden træk). Start et nyt.", de: "Dieses Relay führt das Spiel nicht (nie hier begonnen oder nach zwei Tagen ohne Zug vergessen). Beginne ein neues.", nl: "Deze relay heeft dat spel niet (hier nooit begonnen, of vergeten na twee dagen zonder zet). Begin een nieuw spel." },
  "service-unreachable": { en: "The game service did not answer the relay: try again in a moment.", sv: "Speltjänsten svarade inte reläet: försök igen om en stund.", da: "Spiltjenesten svarede ikke relæet: prøv igen om lidt.", de: "Der Spieldienst hat dem Relay nicht geantwortet: Versuche es gleich noch einmal.", nl: "De spelservice gaf de relay geen antwoord: probeer het zo opnieuw." },
  "too-many-streams": { en: "The relay is busy: try again in a moment.", sv: "Reläet är upptaget: försök igen om en stund.", da: "Relæet har travlt: prøv igen om lidt.", de: "Das Relay ist ausgelastet: Versuche es gleich noch einmal.", nl: "De relay is bezet: probeer het zo opnieuw." },
  catchingUp: { en: "The table is being fetched from the relay: choose again in a moment.", sv: "Bordet hämtas från reläet: välj igen om en stund.", da: "Bordet hentes fra relæet: vælg igen om et øjeblik.", de: "Der Tisch wird vom Relay geholt: wähle gleich noch einmal.", nl: "De tafel wordt van de relay gehaald: kies zo opnieuw." },
  "stale-move": { en: "The game moved on before your move reached it: here is the table now; choose again.", sv: "Partiet gick vidare innan ditt drag kom fram: här är bordet nu; välj igen.", da: "Spillet gik videre, før dit træk nåede frem: her er bordet nu; vælg igen.", de: "Das Spiel ging weiter, bevor dein Zug ankam: Hier ist der Tisch jetzt; wähle noch einmal.", nl: "Het spel ging verder voordat je zet aankwam: dit is de tafel nu; kies opnieuw." },
  refused: { en: "The relay refused the request.", sv: "Reläet avvisade begäran.", da: "Relæet afviste anmodningen.", de: "Das Relay hat die Anfrage abgelehnt.", nl: "De relay weigerde het verzoek." },
});
const RELAY_PROBLEM = "urn:cribbage-relay:problem:";
/** With no stream (ms): asking for the view, the first wait and the longest; trying a stream again, the same. */
const POLL = { first: 1000, most: 10_000, stream: 2000, streamMost: 30_000 };
/** A link's parts, as the relay makes them (a seat 0 to 3). */
const LINK = { id: /^[A-Za-z0-9_-]{1,32}$/, seat: /^[0-3]$/, credential: /^[A-Za-z0-9_-]{1,64}$/ };
const say = (/** @type {string} */ key) => WORDS[key][lang()] || WORDS[key].en;

/** The game this device plays at the relay, and what it knows of it. */
const game = {
  id: "",
  seat: 0,
  credential: "",
  known: 0, // the latest move the relay told of
  answered: -1, // the move of the last answer handed to the page: the table the player sees, a move is made on it
  gone: false, // the relay does not keep this game (a 404): nothing more to ask for
  refusal: "", // the last 4xx, as the page says it (a link that joins nothing: its seat or credential wrong)
};
/** @type {EventSource | null} */
let source = null;
/** Asking without a stream: the timer, the next wait, the move last seen; when to try a stream again,
 * and the wait after that one fails. */
const poll = { timer: 0, wait: POLL.first, seen: -1, retryAt: 0, streamWait: POLL.stream };

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

/** A relay's own problem in the page's language (the service's pass through: they are in it already). */
async function call(/** @type {string} */ where, /** @type {Body} */ body) {
  try {
    return await post(where, body, lang());
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const type = String(error.problem.type);
    const slug = type.startsWith(RELAY_PROBLEM) ? type.slice(RELAY_PROBLEM.length) : "";
    if (slug === "not-found" && where.startsWith(path(""))) game.gone = true;
    const said = type === "network" ? { title: t("offline") }
      : slug ? { title: say(slug === "bad-request" ? "bad-link" : slug in WORDS ? slug : "refused"), detail: undefined }
      : {}; // the service's own: in the page's language already
    const problem = { ...error.problem, ...said };
    if (problem.status >= 400 && problem.status < 500) game.refusal = `${problem.title || ""} ${problem.detail || ""}`.trim();
    throw new ApiError(problem);
  }
}

/** Hear from the relay when the game moved; catch up when it moved past what the page was last given. */
function listen(/** @type {Hooks} */ hooks) {
  if (source) source.close();
  const opened = new EventSource(path("events"));
  source = opened;
  opened.addEventListener("open", () => {
    if (source !== opened) return;
    window.clearTimeout(poll.timer);
    poll.timer = 0;
    poll.streamWait = POLL.stream;
    document.body.dataset.relay = "stream";
  });
  opened.addEventListener("moved", (event) => {
    const data = JSON.parse(/** @type {MessageEvent} */ (event).data);
    if (data.game_id !== game.id) return;
    game.known = Math.max(game.known, data.move);
    if (data.move > game.answered) hooks.catchUp();
  });
  opened.addEventListener("error", () => {
    // CONNECTING: the browser reconnects by itself (a stream that ended). CLOSED: refused (a 503, too
    // many streams; a 404, the game forgotten) or failed for good: ask for the view instead.
    if (source !== opened || opened.readyState !== EventSource.CLOSED) return;
    source = null;
    pollFor(hooks);
  });
}

/** No stream: ask the relay where the game is, after a wait that doubles while nothing moves. */
function pollFor(/** @type {Hooks} */ hooks) {
  document.body.dataset.relay = "polling";
  poll.retryAt = Date.now() + poll.streamWait;
  poll.streamWait = Math.min(POLL.streamMost, poll.streamWait * 2);
  if (poll.timer || game.gone) return;
  poll.wait = POLL.first;
  poll.seen = game.answered;
  const next = () => {
    poll.timer = window.setTimeout(async () => {
      const id = game.id;
      let move = poll.seen;
      try {
        move = (await call(path("view"), own())).view.move; // no events: only where the game is
      } catch {
        if (game.gone) await hooks.catchUp(); // the page says so in its language; nothing more to ask
      }
      poll.timer = 0;
      if (game.gone || id !== game.id || source?.readyState === EventSource.OPEN) return; // over, another game, a stream
      game.known = Math.max(game.known, move);
      if (move > game.answered) await hooks.catchUp();
      const moved = game.answered !== poll.seen;
      poll.seen = game.answered;
      poll.wait = moved ? POLL.first : Math.min(POLL.most, poll.wait * 2);
      if (Date.now() >= poll.retryAt) listen(hooks); // its "open" stops the asking; its failure comes back here
      if (!poll.timer) next();
    }, poll.wait);
  };
  next();
}

/**
 * A move not sent or not taken, after which the table is drawn again: catch up, and mark the problem `kept`,
 * so the page keeps saying why through that redraw. @param {Hooks} hooks @param {unknown} error
 */
function redrawn(hooks, error) {
  setTimeout(() => hooks.catchUp(), 0);
  return error instanceof ApiError ? new ApiError({ ...error.problem, kept: true }) : error;
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
      const send = (/** @type {number} */ move) =>
        call(path("act"), { ...own(), move, action: body.action, since_move: body.since_move });
      if (game.answered < 0) { // nothing drawn from this relay yet (a reload whose first view failed)
        throw redrawn(hooks, new ApiError({ type: "page", status: 0, title: say("catchingUp") }));
      }
      // Made on the table drawn, not on a move only heard of. A throw does not depend on the other
      // seat's (unseen) throw, nor a concession on the table: one refused as stale goes again on the
      // latest move (up to three times, should a third seat's throw land meanwhile).
      const again = body.action.type === "discard" || body.action.type === "concede";
      let move = game.answered;
      for (let tries = 0; ; tries++) {
        try {
          return seen(await send(move));
        } catch (error) {
          if (!stale(error) && tries === 0) throw error; // refused on the table drawn: the page says why
          if (stale(error)) game.known = Number(/** @type {ApiError} */ (error).problem.move);
          if (!stale(error) || !again || tries >= 3) throw redrawn(hooks, error); // chosen on an old table
          move = game.known;
        }
      }
    },
    view: async (body) =>
      seen(await call(path("view"), { ...own(), ...(body.since_move === undefined ? {} : { since_move: body.since_move }) })),
    hints: () => call(path("hints"), own()),
    review: () => call(path("review"), own()),
    async nextGame() {
      const answer = await call(path("next-game"), own());
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
  problem.id = "setup-problem";
  problem.setAttribute("role", "alert");
  form.append(problem);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = new FormData(form);
    const variant = String(chosen.get("variant"));
    /** @type {Body} */
    const body = { variant };
    if (chosen.get("muggins")) body.options = { muggins: true };
    if (chosen.get("target")) body.options = { ...body.options, target: Number(chosen.get("target")) };
    if (chosen.get("match") && (variant === "six_card" || variant === "five_card")) {
      body.match = { format: "best_of", length: Number(chosen.get("match")) };
    }
    submit.disabled = true;
    problem.textContent = "";
    try {
      const created = await call("/relay/games", body);
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
  Object.assign(game, { id, seat, credential, known: 0, answered: -1, gone: false, refusal: "" });
  remember();
  await hooks.join(relayApi(hooks), seat, credential);
  // Refused: never started here, or forgotten; a seat or credential the game does not know.
  if (game.answered < 0 && game.refusal) return showForm(game.gone ? say("not-found") : game.refusal);
  listen(hooks);
}

/** The friend form instead of the game, with what went wrong (a link's), and the link out of the address bar. */
function showForm(/** @type {string} */ problem) {
  history.replaceState(null, "", `${location.pathname}${location.search}#relay=new`);
  el("game").hidden = true;
  el("setup").hidden = false;
  el("setup-problem").textContent = problem;
}

/** Called by app.js at a relay's origin. @param {Hooks} hooks */
export async function start(hooks) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const [id, seat, credential] = ["relay", "seat", "credential"].map((name) => fragment.get(name) || "");
  friendForm(hooks);
  if (id === "new" || !location.hash.includes("relay=")) return showForm("");
  if (!LINK.id.test(id) || !LINK.seat.test(seat) || !LINK.credential.test(credential)) return showForm(say("bad-link"));
  await play(hooks, id, Number(seat), credential);
}
