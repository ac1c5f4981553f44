// Runs the page's JSON Patch code (Sources/SceneryServe/Page/patch.js) through the RFC 6902
// conformance suite json-patch-tests, read from ../shared/conformance/json-patch-tests.
//   node Tests/Web/patch_conformance.mjs [SUITE_FOLDER]
// Exit 0 when every enabled case passes, 1 with the failures listed, 2 when the suite is missing.
import { readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { applyPatch, jsonEqual } from "../../Sources/SceneryServe/Page/patch.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const folder = process.argv[2] ?? join(repo, "..", "shared", "conformance", "json-patch-tests");
if (!existsSync(join(folder, "tests.json"))) {
  console.error(`needs ../shared/conformance/json-patch-tests (the RFC 6902 suite), not found at ${folder}`);
  process.exit(2);
}
let passed = 0;
const failures = [];
for (const file of ["tests.json", "spec_tests.json"]) {
  JSON.parse(readFileSync(join(folder, file), "utf8")).forEach((record, index) => {
    if (record.disabled) return;
    const before = JSON.stringify(record.doc);
    const name = `${file}#${index} ${record.comment ?? ""}`;
    try {
      const result = applyPatch(record.doc, record.patch);
      if ("error" in record) failures.push(`${name}: expected an error (${record.error}), got ${JSON.stringify(result)}`);
      else if ("expected" in record && !jsonEqual(result, record.expected)) failures.push(`${name}: got ${JSON.stringify(result)}`);
      else passed += 1;
    } catch (error) {
      if ("error" in record) passed += 1;
      else failures.push(`${name}: threw ${error.message}`);
    }
    if (JSON.stringify(record.doc) !== before) failures.push(`${name}: the input document was changed`);
  });
}
console.log(`${passed} cases passed, ${failures.length} failed`);
for (const failure of failures) console.log("  " + failure);
process.exit(failures.length === 0 ? 0 : 1);
