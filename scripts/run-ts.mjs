// Runs a TypeScript script with tsx registered through its API, not `node --import tsx`, so child
// processes (cucumber's --parallel workers) start without the loader, as they do under
// `mgmt-kit conformance`.
//
// node scripts/run-ts.mjs scripts/measure-parallel-conformance.ts [args...]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  process.stderr.write('usage: node scripts/run-ts.mjs <script.ts> [args...]\n');
  process.exit(2);
}
register();
process.argv = [process.argv[0] ?? 'node', resolve(script), ...args];
await import(pathToFileURL(resolve(script)).href);
