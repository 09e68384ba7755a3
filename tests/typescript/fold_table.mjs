// Folds each answer's events onto the table before it with the /play page's own fold
// (service/play/table.js) and prints, per answer, the fields of the table that differ from the
// answer's view. Input (argv[2]): [{before: view, events: [...], view: view}, ...].
import { readFileSync } from "node:fs";
import { fold } from "../../service/play/table.js";

const FIELDS = ["phase", "deal", "dealer", "hand", "held", "discarded", "crib_size", "starter", "pile", "played",
  "gone", "count", "pegs"];
const steps = JSON.parse(readFileSync(process.argv[2], "utf8"));
const differ = [];
for (const [index, step] of steps.entries()) {
  let table = step.before;
  for (const e of step.events) table = fold(table, e);
  for (const field of FIELDS) {
    const folded = JSON.stringify(table[field] ?? null);
    const shown = JSON.stringify(step.view[field] ?? null);
    if (folded !== shown) differ.push({ index, field, folded, shown });
  }
}
console.log(JSON.stringify(differ));
