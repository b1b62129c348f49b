#!/usr/bin/env node
// Reads the logs of the CI runs and prints one plain line `N passed, N failed` summing them all.
//   node scripts/ci-summary.mjs LOG RC                                  one run (npm test)
//   node scripts/ci-summary.mjs --run LABEL LOG RC [--run LABEL LOG RC]…  several, e.g. one per Node version
// With --run, a line per run comes first (`Node v22.23.3: N passed, N failed`), and a run that
// failed names its label and its first failing tests, so a failure says which Node it was on.
// Counted: each spec check (drift, Spectral, Redocly, tsc) as one test, node --test's
// `ℹ pass N` / `ℹ fail N`, and cucumber's `N scenarios (… passed, … failed)` lines, the
// conformance self-check's scenarios included. A non-zero exit with no counted failure still
// counts one failure, so a crash never reads as green.
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const CHECKS = [
  [/generated files match spec\/openapi\.yaml/, /^drift: /m],
  [/No results with a severity of 'error' found!|✖ \d+ problems? \(0 errors/, /✖ \d+ problems? \([1-9]\d* errors?/],
  [/Your API description is valid/, /Validation failed with \d+ error/],
];

/** Counts one run's log; `names` are the failing tests and scenarios it names. */
function countRun(log, rc) {
  let passed = 0;
  let failed = 0;
  for (const [ok, bad] of CHECKS) {
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
  const names = [...log.matchAll(/^\s*✖ (.+?) \([\d.]+m?s\)$/gm), ...log.matchAll(/^\s*\d+\) Scenario: (.+?) #/gm)].map((m) => m[1]);
  if (rc !== 0 && failed === 0) {
    failed = 1;
    names.push(`exit code ${rc} with no failing test counted`);
  }
  return { passed, failed, names: [...new Set(names)] };
}

function parseArgs(argv) {
  if (argv[0] !== '--run') return [{ label: undefined, log: argv[0], rc: argv[1] ?? '0' }];
  const runs = [];
  for (let i = 0; i < argv.length; i += 4) {
    if (argv[i] !== '--run' || argv[i + 3] === undefined) {
      console.error('usage: ci-summary.mjs LOG RC | --run LABEL LOG RC [--run LABEL LOG RC]…');
      process.exit(2);
    }
    runs.push({ label: argv[i + 1], log: argv[i + 2], rc: argv[i + 3] });
  }
  return runs;
}

let passed = 0;
let failed = 0;
let anyNonZero = false;
for (const run of parseArgs(process.argv.slice(2))) {
  const rc = Number(run.rc);
  const log = stripVTControlCharacters(readFileSync(run.log, 'utf8'));
  const counted = countRun(log, rc);
  passed += counted.passed;
  failed += counted.failed;
  anyNonZero ||= rc !== 0;
  if (run.label === undefined) continue;
  const shown = counted.names.slice(0, 5);
  const more = counted.names.length > shown.length ? `, … ${counted.names.length - shown.length} more` : '';
  console.log(
    counted.failed === 0
      ? `${run.label}: ${counted.passed} passed, 0 failed`
      : `FAILED on ${run.label}: ${counted.passed} passed, ${counted.failed} failed${shown.length > 0 ? ` — ${shown.join('; ')}${more}` : ''}`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(!anyNonZero && failed === 0 ? 0 : 1);
