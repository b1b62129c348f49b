#!/usr/bin/env node
// Reads the log of `npm test` and prints one line `N passed, N failed` summing every suite.
// Counted: each spec check (drift, Spectral, Redocly, tsc) as one test, node --test's
// `ℹ pass N` / `ℹ fail N`, and cucumber's `N scenarios (… passed, … failed)` lines, the
// conformance self-check's scenarios included. A non-zero npm test exit with no counted
// failure still counts one failure, so a crash never reads as green.
import { readFileSync } from 'node:fs';

const [logPath, rcText = '0'] = process.argv.slice(2);
const log = readFileSync(logPath, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;

const checks = [
  [/generated files match spec\/openapi\.yaml/, /^drift: /m],
  [/No results with a severity of 'error' found!|✖ \d+ problems? \(0 errors/, /✖ \d+ problems? \([1-9]\d* errors?/],
  [/Your API description is valid/, /Validation failed with \d+ error/],
];
for (const [ok, bad] of checks) {
  if (ok.test(log)) passed += 1;
  else if (bad.test(log)) failed += 1;
}
if (/^> tsc --noEmit/m.test(log)) {
  if (/error TS\d+/.test(log)) failed += 1;
  else passed += 1;
}
for (const m of log.matchAll(/^ℹ pass (\d+)$/gm)) passed += Number(m[1]);
for (const m of log.matchAll(/^ℹ fail (\d+)$/gm)) failed += Number(m[1]);
for (const m of log.matchAll(/^\d+ scenarios? \(([^)]*)\)$/gm)) {
  const parts = m[1];
  passed += Number(/(\d+) passed/.exec(parts)?.[1] ?? 0);
  failed += Number(/(\d+) failed/.exec(parts)?.[1] ?? 0);
  failed += Number(/(\d+) (?:undefined|ambiguous|pending)/.exec(parts)?.[1] ?? 0);
}
const rc = Number(rcText);
if (rc !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(rc === 0 && failed === 0 ? 0 : 1);
