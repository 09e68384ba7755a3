// node dist/src/main.js --url http://127.0.0.1:8000 [--seed 7] scenario...
// Runs each scenario against a live server and prints one JSON line per scenario: {"scenario", "result"}.
// Any failed check ends the program with an error (exit status 1).
import { parseArgs } from "node:util";
import { connect, type Client } from "./api.js";
import { playAgainstTheComputer } from "./computer.js";
import { twoPhonesOutOfOrder } from "./phones.js";
import { resendFromLegalActions } from "./resend.js";

const scenarios: Record<string, (client: Client, seed: number) => Promise<unknown>> = {
  computer: playAgainstTheComputer,
  resend: resendFromLegalActions,
  phones: twoPhonesOutOfOrder,
};

const { values, positionals } = parseArgs({
  options: { url: { type: "string", default: "http://127.0.0.1:8000" }, seed: { type: "string", default: "7" } },
  allowPositionals: true,
});
const client = connect(values.url);
for (const name of positionals.length > 0 ? positionals : Object.keys(scenarios)) {
  const scenario = scenarios[name];
  if (scenario === undefined) {
    throw new Error(`no scenario ${name}: ${Object.keys(scenarios).join(", ")}`);
  }
  const result = await scenario(client, Number(values.seed));
  console.log(JSON.stringify({ scenario: name, result }));
}
