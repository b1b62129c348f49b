// mgmt-kit fuzz against the msw handlers (msw/node setupServer intercepts the fuzzer's node:http
// requests): a bounded run finds nothing. A fetch Response cannot carry a 205 body, so the run
// accepts a bodiless 205 (bodiless205), the one documented limit of the handlers.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { setupServer } from 'msw/node';
import { formatRepro } from '../fuzz/curl-repro.js';
import { runFuzz } from '../fuzz/run-fuzz.js';
import { createHandlers } from './create-handlers.js';

const BASE = 'http://fuzz.msw.test';
const SECRET = 'msw-fuzz-secret';
const server = setupServer(...createHandlers({ baseUrl: BASE, auth: { secret: SECRET } }));
before(() => server.listen({ onUnhandledRequest: 'error' }));
after(() => server.close());

it('a bounded fuzz run against the msw handlers finds no failure', async () => {
  const report = await runFuzz({ baseUrl: BASE, jwtSecret: SECRET, runs: 30, timeBudgetMs: 30_000, seed: 5, allowDestructive: false, bodiless205: true });
  assert.deepEqual(report.failures.map((f) => f.signature), [], report.failures.map((f) => `${f.title}\n${formatRepro(f, BASE, undefined)}`).join('\n\n'));
  assert.equal(report.sequences, 30);
  for (const answer of ['POST 201', 'PUT 200', 'GET 200', 'DELETE 205', 'POST 401']) assert.ok((report.answers[answer] ?? 0) > 0, JSON.stringify(report.answers));
});
