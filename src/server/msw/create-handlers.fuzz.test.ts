// mgmt-kit fuzz against the msw handlers (msw/node setupServer intercepts the fuzzer's node:http
// requests): a bounded run finds nothing. A fetch Response cannot carry a 205 body, so the run
// accepts a bodiless 205 (bodiless205), the one documented limit of the handlers.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { setupServer } from 'msw/node';
import { formatRepro } from '../../target/fuzz/curl-repro.js';
import { runFuzz } from '../../fuzz/run/run-fuzz.js';
import { MSW_DROPS_GET_BODY } from '../../../test/support/msw-major.js';
import { createHandlers } from './create-handlers.js';
import { plainConnection } from '../../connection/connection-settings.js';

const BASE = 'http://fuzz.msw.test';
const SECRET = 'msw-fuzz-secret';
const server = setupServer(...createHandlers({ baseUrl: BASE, auth: { secret: SECRET } }));
before(() => server.listen({ onUnhandledRequest: 'error' }));
after(() => server.close());

// The run is bounded by its 30 sequences; the time budget only guards against a hang, so a busy
// machine does not cut it short.
// msw 3 gives the handlers no GET body in Node, so every read with a query would disagree with the
// model: the run needs msw 2 (what the lock file installs; docs/msw.md says why).
it('a bounded fuzz run against the msw handlers finds no failure', { skip: MSW_DROPS_GET_BODY && 'msw 3 drops GET bodies in Node' }, async () => {
  const report = await runFuzz({
    connection: plainConnection(BASE, { jwtSecret: SECRET }),
    runs: 30,
    timeBudgetMs: 240_000,
    randomSeed: 5,
    allowDestructive: false,
    bodiless205: true,
  });
  assert.deepEqual(
    report.failures.map((f) => f.signature),
    [],
    report.failures.map((f) => `${f.title}\n${formatRepro(f, BASE, undefined)}`).join('\n\n'),
  );
  assert.equal(report.sequences, 30);
  for (const answer of ['POST 201', 'PUT 200', 'GET 200', 'DELETE 205', 'POST 401'])
    assert.ok((report.answers[answer] ?? 0) > 0, JSON.stringify(report.answers));
});
