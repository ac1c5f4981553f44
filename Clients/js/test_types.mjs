// The package's types under tsc --strict: check.ts (right usage) must pass, and check_wrong.ts
// must fail on exactly its lines marked WRONG (a misspelt method, param, model key, role, a
// scene's open param given to another scene) and nowhere else.
//   node Clients/js/test_types.mjs        (needs tsc: apt-get install -y node-typescript)
// Exit 0 when both hold, 1 with the failures listed, 3 when there is no tsc.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const flags = ["--strict", "--noEmit", "--module", "es2022", "--moduleResolution", "node", "--target", "es2022"];
const tsc = (file) => spawnSync("tsc", [...flags, join(here, file)], { encoding: "utf8" });

const right = tsc("check.ts");
if (right.error) { console.error(`no tsc (${right.error.message}): apt-get install -y node-typescript`); process.exit(3); }
const failures = [];
if (right.status !== 0) failures.push(`check.ts must pass tsc --strict:\n${right.stdout}${right.stderr}`);

const wrong = tsc("check_wrong.ts");
const marked = readFileSync(join(here, "check_wrong.ts"), "utf8").split("\n")
  .flatMap((line, i) => (/\/\/ WRONG/.test(line) ? [i + 1] : []));
const refused = new Set([...wrong.stdout.matchAll(/check_wrong\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
for (const line of marked) if (!refused.has(line)) failures.push(`check_wrong.ts:${line} passed tsc --strict but is wrong`);
for (const line of refused) if (!marked.includes(line)) failures.push(`check_wrong.ts:${line} was refused but is not marked WRONG:\n${wrong.stdout}`);
if (marked.length < 5) failures.push(`check_wrong.ts should mark at least 5 wrong lines, it marks ${marked.length}`);

if (failures.length) { console.error(`${failures.length} failed:\n  ${failures.join("\n  ")}`); process.exit(1); }
console.log(`types: check.ts passes tsc --strict; check_wrong.ts is refused on each of its ${marked.length} wrong lines`);
