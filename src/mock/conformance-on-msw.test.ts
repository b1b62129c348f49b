// The conformance suite against the msw handlers (STYLE: one suite, every implementation): the
// steps' axios calls are answered by createHandlers() through msw/node setupServer, in-process.
// fetch semantics cannot carry a 205 body, so exactly the scenarios that read the delete
// envelope fail; every other scenario must pass (README: msw in the browser).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setupServer } from 'msw/node';
import { mintToken } from '../reference-server/core/index.js';
import { READS_THE_DELETE_ENVELOPE } from '../../test/self-check/broken-variant-expectations.js';
import { assertFailedExactly, runSuiteQuietly } from '../../test/self-check/run-suite-quietly.js';
import { createHandlers } from './create-handlers.js';

const BASE = 'http://msw.conformance.test';
const SECRET = 'msw-conformance-secret';
const server = setupServer(...createHandlers({ baseUrl: BASE, auth: { secret: SECRET } }));

before(() => server.listen({ onUnhandledRequest: 'error' }));
after(() => server.close());

// Each fails only at "205 without the envelope the seed requires (body: "")": msw answers 205
// with a null body (toMswResponse), as a fetch Response must.
const NEED_A_205_BODY = READS_THE_DELETE_ENVELOPE;

test('the msw handlers pass every scenario except those that read a 205 body', async () => {
  const run = await runSuiteQuietly({ baseUrl: BASE, token: await mintToken({ secret: SECRET }), jwtSecret: SECRET });
  assertFailedExactly(run, NEED_A_205_BODY, 'the msw handlers');
  const reasons = run.scenarios.filter((s) => s.status !== 'passed').map((s) => s.error ?? '');
  for (const reason of reasons) assert.match(reason, /answered 205 without the envelope the seed requires \(body: ""\)/);
  assert.ok(run.scenarios.length - NEED_A_205_BODY.length > 140, `only ${run.scenarios.length} scenarios ran`);
});
