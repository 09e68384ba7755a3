// A whole game against the computer, one request per decision, as the client guide's loop.
import { check, first, ok, type Client, type GameResponse } from "./api.js";

export interface ComputerGame {
  requests: number;
  move: number;
  winner: number | null;
  pegs: number[];
  target: number | null;
  last_event: string;
}

export async function playAgainstTheComputer(client: Client, seed: number): Promise<ComputerGame> {
  const started = ok(
    await client.POST("/v1/games", {
      params: { query: { lang: "en" } },
      body: { variant: "six_card", seed, seat: 0, computer: [{ seat: 1, level: "standard" }] },
    }),
    "start",
  );
  // the credentials come with the answer that starts the game, once
  const credential = first(started.credentials?.seats ?? [], "credentials.seats").credential;
  let game: GameResponse = started;
  let requests = 1;
  while (game.view.phase !== "over") {
    // the computer never keeps us waiting: every answer is a decision of ours
    check(game.view.to_act.length === 1 && game.view.to_act[0] === 0, `to_act ${JSON.stringify(game.view.to_act)}`);
    const action = first(game.legal_actions, "legal_actions"); // a real app lets its player choose
    game = ok(
      await client.POST("/v1/games/act", { body: { state: game.state, action, seat: 0, credential } }),
      `act at move ${game.view.move}`,
    );
    requests += 1;
    check(requests < 200, "the game does not end");
  }
  const last = game.events[game.events.length - 1];
  return {
    requests,
    move: game.view.move,
    winner: game.view.winner,
    pegs: game.view.pegs.map((side) => side.front),
    target: game.view.target,
    last_event: last?.type ?? "none",
  };
}
