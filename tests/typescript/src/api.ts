// The client a front-end team generates: the types from openapi.yaml (openapi-typescript, default
// settings, into ../generated/api.ts at test time) and openapi-fetch's typed fetch over them.
// Nothing here is written by hand but the few names below.
import createClient from "openapi-fetch";
import type { components, paths } from "../generated/api.js";

export type Schemas = components["schemas"];
export type GameResponse = Schemas["GameResponse"];
export type GameSeen = Schemas["GameSeen"];
export type GameAction = Schemas["GameAction"];
export type GameEvent = Schemas["GameEvent"];
export type Problem = Schemas["Problem"];
export type Client = ReturnType<typeof createClient<paths>>;

export function connect(baseUrl: string): Client {
  return createClient<paths>({ baseUrl });
}

/** Stop the program with a message: every scenario checks what it relies on as it goes. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) {
    throw new Error(message);
  }
}

/** The answer of a request that must succeed (a problem here is a failure of the scenario). */
export function ok<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  check(result.data !== undefined, `${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

/** The first of a list the service promises is not empty. */
export function first<T>(items: readonly T[], what: string): T {
  const item = items[0];
  check(item !== undefined, `${what} is empty`);
  return item;
}
