// Every page's browser test in one Chromium: node run.mjs BASE ARTIFACTS NAME... imports
// NAME.mjs for each NAME (each registers its tests with lib.mjs's `test`) and runs them.
import { runAll } from "./lib.mjs";

for (const name of process.argv.slice(4)) {
  await import(`./${name}.mjs`);
}
await runAll();
