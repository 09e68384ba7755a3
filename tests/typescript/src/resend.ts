// A move the rules refuse is a 422 problem whose `legal_actions` a client resends as they are.
import { check, first, ok, type Client, type GameAction, type Problem } from "./api.js";

export interface Resent {
  refused_status: number;
  problem_type: string;
  refused: string;
  resent: GameAction;
  resent_status: number;
  same_as_the_game_offered: boolean;
  discarded: boolean;
}

/** `Problem.legal_actions` also holds a pegging sequence's plays: a game move is the one with a `type`. */
function gameActions(problem: Problem): GameAction[] {
  return (problem.legal_actions ?? []).filter((entry): entry is GameAction => "type" in entry);
}

export async function resendFromLegalActions(client: Client, seed: number): Promise<Resent> {
  const game = ok(
    await client.POST("/v1/games", {
      body: { variant: "six_card", seed, seat: 0, computer: [{ seat: 1, level: "easy" }] },
    }),
    "start",
  );
  const credential = first(game.credentials?.seats ?? [], "credentials.seats").credential;
  check(game.view.phase === "discard" && game.view.hand !== null, "the game opens with our discard");
  // Playing a card while the crib still waits for our discard: the rules refuse it.
  const play = { type: "play", seat: 0, card: first(game.view.hand, "hand") } as const;
  const body = { state: game.state, seat: 0, credential, action: play };
  const refused = await client.POST("/v1/games/act", { body });
  check(refused.error !== undefined, `a play during the discard was accepted: ${refused.response.status}`);
  const problem: Problem = refused.error;
  const offered = gameActions(problem);
  const action = first(offered, "the problem's legal_actions");
  const resent = await client.POST("/v1/games/act", { body: { state: game.state, seat: 0, credential, action } });
  const answer = ok(resent, "the resent move");
  return {
    refused_status: refused.response.status,
    problem_type: problem.type,
    refused: "play",
    resent: action,
    resent_status: resent.response.status,
    same_as_the_game_offered: JSON.stringify(offered) === JSON.stringify(game.legal_actions),
    discarded: answer.view.discarded[0] === true,
  };
}
