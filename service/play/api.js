// The page's only way to the service: the public /v1/games/* operations, JSON in and out, on the
// page's own origin (the page's policy allows nothing else). A relay (relay.js) exports an object
// of the same shape, so the page plays through either without knowing which.
// @ts-check

/**
 * @typedef {{type: string, status: number, title?: string, detail?: string, [key: string]: unknown}} Problem
 * @typedef {Record<string, any>} Body
 * @typedef {{start(body: Body): Promise<Body>, act(body: Body): Promise<Body>, view(body: Body): Promise<Body>,
 *            hints(body: Body): Promise<Body>, review(body: Body): Promise<Body>, nextGame(body: Body): Promise<Body>}} Api
 */

/** An answer that is not a 2xx: `problem` holds the service's problem+json (or what stands in for it). */
export class ApiError extends Error {
  /** @param {Problem} problem */
  constructor(problem) {
    super(problem.detail || problem.title || `HTTP ${problem.status}`);
    this.name = "ApiError";
    this.problem = problem;
  }
}

/** How long a request may take before the page gives up on it (a review replays the game: a few seconds). */
const TIMEOUT_MS = 15000;

/**
 * POST `body` as JSON to `path` and answer the JSON, or throw an ApiError carrying the problem.
 * @param {string} path
 * @param {Body} body
 * @param {string} lang one of en, sv, da, de, nl: the service's texts (score names, spoken counts, problems)
 * @returns {Promise<Body>}
 */
export async function post(path, body, lang) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": lang },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    throw new ApiError({ type: "network", status: 0, title: String(error) });
  } finally {
    clearTimeout(timer);
  }
  const text = await response.text();
  /** @type {any} */
  let answer = null;
  try {
    answer = text ? JSON.parse(text) : null;
  } catch {
    answer = null;
  }
  if (!response.ok) {
    throw new ApiError(answer && typeof answer === "object" ? answer : { type: "http", status: response.status });
  }
  return answer;
}

/**
 * The service's game operations, in the chosen language.
 * @param {() => string} lang the current language (read at each request)
 * @returns {Api}
 */
export function serviceApi(lang) {
  return {
    start: (body) => post("/v1/games", body, lang()),
    act: (body) => post("/v1/games/act", body, lang()),
    view: (body) => post("/v1/games/view", body, lang()),
    hints: (body) => post("/v1/games/hints", body, lang()),
    review: (body) => post("/v1/games/review", body, lang()),
    nextGame: (body) => post("/v1/games/next-game", body, lang()),
  };
}
