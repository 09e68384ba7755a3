// Two people on two phones through a relay, each phone with its own seat's credential only.
// Both seats are in `to_act` at every discard, so one phone throws before it has shown the other's
// throw; the act answer (with `since_move`) brings what it missed, and every event says which move
// it belongs to, so each phone animates every step exactly once.
import {
  check,
  first,
  ok,
  type Client,
  type GameAction,
  type GameEvent,
  type GameResponse,
  type GameSeen,
  type Schemas,
} from "./api.js";

type ActRequest = Schemas["ActRequest"];
type ViewGameRequest = Schemas["ViewGameRequest"];

class Relay {
  constructor(
    public state: string,
    public move: number,
    public phase: string,
    public toAct: number[],
  ) {}

  /** The relay keeps only the latest state: it refuses any answer that is not further on. */
  store(answer: GameResponse): void {
    check(answer.view.move > this.move, `a state at move ${answer.view.move} after ${this.move}`);
    this.state = answer.state;
    this.move = answer.view.move;
    this.phase = answer.view.phase;
    this.toAct = answer.view.to_act;
  }
}

class Phone {
  shown = -1; // the `move` of the last answer this phone showed (-1: nothing yet)
  animated: GameEvent[] = [];
  legal: GameAction[] = [];
  requests = 0;

  constructor(
    private readonly client: Client,
    readonly seat: number,
    private readonly credential: string,
  ) {}

  /** Draw an answer: its events in order (each once), then its view. */
  private show(answer: GameSeen | GameResponse): void {
    for (const event of answer.events ?? []) {
      check(event.move > this.shown, `seat ${this.seat}: an event of move ${event.move} again (${this.shown} shown)`);
      const last = this.animated[this.animated.length - 1];
      check(last === undefined || event.move >= last.move, `seat ${this.seat}: events out of order`);
      // each phone sees its own cards only: another seat's throw is a number of cards
      const hidden = event.type !== "discard" || event.seat === this.seat || event.cards === undefined;
      check(hidden, `seat ${this.seat} was shown another seat's throw`);
      this.animated.push(event);
    }
    this.shown = answer.view.move;
    this.legal = answer.legal_actions;
  }

  async catchUp(relay: Relay): Promise<void> {
    if (this.shown === relay.move) {
      return;
    }
    const { seat, credential } = this;
    const body: ViewGameRequest = { state: relay.state, seat, credential, since_move: this.shown };
    this.show(ok(await this.client.POST("/v1/games/view", { body }), `seat ${this.seat} catching up`));
    this.requests += 1;
  }

  /** Act on what this phone last showed, whether or not it has caught up with the relay. */
  async act(relay: Relay): Promise<boolean> {
    const behind = this.shown < relay.move;
    const action = first(this.legal, `seat ${this.seat}'s legal actions`);
    // typed as the request schema: openapi-fetch's `body` alone does not refuse unknown members
    const { seat, credential } = this;
    const body: ActRequest = { state: relay.state, action, seat, credential, since_move: this.shown };
    const answer = ok(await this.client.POST("/v1/games/act", { body }), `seat ${this.seat} acting`);
    this.requests += 1;
    relay.store(answer);
    this.show(answer);
    return behind;
  }

  /** Everything from the game's opening in one answer, as this seat may see it. */
  async replay(relay: Relay): Promise<GameEvent[]> {
    const { seat, credential } = this;
    const body: ViewGameRequest = { state: relay.state, seat, credential, since_move: -1 };
    return ok(await this.client.POST("/v1/games/view", { body }), "replay").events ?? [];
  }
}

export interface TwoPhones {
  move: number;
  deals: number;
  acted_behind: number;
  events: number[];
  moves: { first: number; last: number; distinct: number }[];
  requests: number[];
  same_as_replay: boolean[];
  winner: number | null;
}

export async function twoPhonesOutOfOrder(client: Client, seed: number): Promise<TwoPhones> {
  const start = ok(await client.POST("/v1/games", { body: { variant: "six_card", seed } }), "start");
  const seats = start.credentials?.seats ?? [];
  check(seats.length === 2 && start.view.hand === null, "two seats' credentials, and a spectator's view");
  const relay = new Relay(start.state, start.view.move, start.view.phase, start.view.to_act);
  const phones = seats.map(({ seat, credential }) => new Phone(client, seat, credential));
  let actedBehind = 0;
  let deals = 0;
  while (relay.phase !== "over") {
    check(deals < 200, "the game does not end");
    if (relay.phase === "discard" && relay.toAct.length === 2) {
      // A new deal: both phones are told and show it; then both throw, the second before it has
      // shown the first's throw (they alternate who is first).
      deals += 1;
      const [early, late] = deals % 2 === 1 ? [phones[0], phones[1]] : [phones[1], phones[0]];
      check(early !== undefined && late !== undefined, "two phones");
      await early.catchUp(relay);
      await late.catchUp(relay);
      await early.act(relay);
      if (relay.phase === "discard") {
        actedBehind += (await late.act(relay)) ? 1 : 0;
      }
      continue;
    }
    const phone = phones.find((candidate) => relay.toAct.includes(candidate.seat));
    check(phone !== undefined && relay.toAct.length === 1, `to_act ${JSON.stringify(relay.toAct)}`);
    await phone.catchUp(relay);
    await phone.act(relay);
  }
  const sameAsReplay: boolean[] = [];
  for (const phone of phones) {
    await phone.catchUp(relay);
    sameAsReplay.push(JSON.stringify(phone.animated) === JSON.stringify(await phone.replay(relay)));
  }
  const winner = ok(await client.POST("/v1/games/view", { body: { state: relay.state } }), "final view").view.winner;
  return {
    move: relay.move,
    deals,
    acted_behind: actedBehind,
    events: phones.map((phone) => phone.animated.length),
    moves: phones.map((phone) => {
      const moves = phone.animated.map((event) => event.move);
      return { first: moves[0] ?? -1, last: moves[moves.length - 1] ?? -1, distinct: new Set(moves).size };
    }),
    requests: phones.map((phone) => phone.requests),
    same_as_replay: sameAsReplay,
    winner,
  };
}
