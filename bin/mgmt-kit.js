#!/usr/bin/env node
// Entry of the `mgmt-kit` command: the compiled CLI in dist/, plain Node without a TypeScript
// loader. A clone builds dist/ in `npm ci` (packages/clone-bin's prepare → npm run build).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('mgmt-kit: dist/cli/main.js is missing; in a clone, run npm run build\n');
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
