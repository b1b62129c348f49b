// The conformance suite against the msw handlers (STYLE: one suite, every implementation): the
// steps' axios calls are answered by createHandlers() through msw/node setupServer, in-process.
// fetch semantics cannot carry a 205 body, so exactly the scenarios that read the delete
// envelope fail; every other scenario must pass (docs/msw.md). Under msw 3 the
// scenarios that send a read query fail too: msw 3 keeps no GET body for the handlers.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setupServer } from 'msw/node';
import { mintToken } from '../core/index.js';
import { scenariosTagged } from '../../../test/self-check/scenarios-tagged.js';
import { assertFailedExactly, runSuiteQuietly } from '../../../test/self-check/run-suite-quietly.js';
import { MSW_DROPS_GET_BODY } from '../../../test/support/msw-major.js';
import { createHandlers } from './create-handlers.js';

const BASE = 'http://msw.conformance.test';
const SECRET = 'msw-conformance-secret';
const server = setupServer(...createHandlers({ baseUrl: BASE, auth: { secret: SECRET } }));

before(() => server.listen({ onUnhandledRequest: 'error' }));
after(() => server.close());

// Each fails only at "205 without the envelope the description requires (body: "")": msw answers 205
// with a null body (toMswResponse), as a fetch Response must.
const NEED_A_205_BODY = [...scenariosTagged('@check.delete-envelope'), ...realisticDataReadingTheDeleteEnvelope()];

/**
 * The realistic-data scenarios (features/volume, identity, media-type) that delete through the
 * envelope check: each fails on msw for the 205 body alone, as the ones above do.
 */
function realisticDataReadingTheDeleteEnvelope(): string[] {
  const indices = ['events', 'network link types', 'agents'];
  const idKinds = ['a hash sign', 'a percent sign', 'a plus sign', 'a question mark', 'a space', 'letters beyond ASCII'];
  const differences = ['Unicode normalization', 'a trailing space', 'letter case'];
  return [
    'Delete agents at {base}/{id} with a where sent as "application/json;charset=UTF-8"',
    'Delete events at {base}/{id} with a where sent as "application/json; charset=utf-8"',
    'Delete network link types at {base} with a where sent as "Application/JSON"',
    ...indices.flatMap((index) => [
      `Every one of 260 ${index} is counted by a read without a query, a read by where and a delete by where`,
      ...idKinds.map((kind) => `${index} whose id holds ${kind} is created, read, updated and deleted at its path`),
      ...differences.map((difference) => `${index} whose ids differ only by ${difference} are two records`),
      `${index} whose ids are longer than a key column are two whole records, or refused`,
    ]),
  ];
}

// The reads whose outcome depends on the query body (select, where, the query language, a body
// that is not JSON or not sent as JSON): under msw 3 the handlers never see a GET body. Taken
// from a run with msw 3.0.5 on Node 22, each failure read.
const SEND_A_GET_QUERY: readonly string[] = [
  'A query sent both in the body and as q is refused on read at {base}',
  'A query sent both in the body and as q is refused on read at {base}/{id}',
  'A read whose query has a bad clause inside an and is refused naming it',
  'A read whose query has a bad regular expression is refused naming it',
  'A read whose query has a clause without target is refused naming it',
  'A read whose query has a comparison not an object is refused naming it',
  'A read whose query has a limit ending before it starts is refused naming it',
  'A read whose query has a limit of the wrong shape is refused naming it',
  'A read whose query has a limit that is a number is refused naming it',
  'A read whose query has a limit with an unknown bound is refused naming it',
  'A read whose query has a pattern expr that is a number is refused naming it',
  'A read whose query has a range expr of another type is refused naming it',
  'A read whose query has a select of an empty name is refused naming it',
  'A read whose query has a select that is not a list is refused naming it',
  'A read whose query has a target that is a number is refused naming it',
  'A read whose query has a where naming no operator is refused naming it',
  'A read whose query has a where that is not an object is refused naming it',
  'A read whose query has an empty and is refused naming it',
  'A read whose query has an empty target is refused naming it',
  'A read whose query has an or that is a string is refused naming it',
  'A read whose query has an order entry not an object is refused naming it',
  "A read whose query has an order entry's empty target is refused naming it",
  "A read whose query has an order entry's extra key is refused naming it",
  "A read whose query has an order entry's missing mode is refused naming it",
  "A read whose query has an order entry's missing target is refused naming it",
  'A read whose query has an order mode not asc/desc is refused naming it',
  'A read whose query has an order of the wrong shape is refused naming it',
  'A read whose query has an unknown operator is refused naming it',
  'A regular expression far over any length limit is refused',
  'A regular expression that would backtrack catastrophically is answered at once',
  'Read agents matching any clause of an or, as a list and as an object',
  'Read agents at {base} selecting actions',
  'Read agents at {base}/{id} selecting actions',
  'Read agents where the id equals a value',
  'Read agents whose id matches a regular expression as a whole',
  'Read agents whose id matches a wildcard as a whole',
  'Read agents with a query that matches nothing',
  'Read events by a nested field named with a dotted target',
  'Read events comparing a number with gte and lt, as numbers',
  'Read events not matching a clause',
  'Read events at {base} selecting kind',
  'Read events at {base}/{id} selecting kind',
  'Read events where a field equals a shared value',
  'Read events where the id equals a value',
  'Read events whose id matches a regular expression as a whole',
  'Read events whose id matches a wildcard as a whole',
  'Read events with a limit, both indices included, counted after ordering',
  'Read events with a query that matches nothing',
  'Read network link types comparing with gt and lte in an and object',
  'Read network link types in the order asked, a second order entry breaking ties',
  'Read network link types at {base} selecting name',
  'Read network link types at {base}/{id} selecting name',
  'Read network link types at {base} selecting name, description',
  'Read network link types where a field equals a shared value',
  'Read network link types where the id equals a value',
  'Read network link types whose id matches a regular expression as a whole',
  'Read network link types whose id matches a wildcard as a whole',
  'Read network link types with a query that matches nothing',
  'read on agents at {base} with a body that is not sent as JSON is refused',
  'read on agents at {base} with a body that is not valid JSON is refused',
  'read on agents at {base}/{id} with a body that is not sent as JSON is refused',
  'read on agents at {base}/{id} with a body that is not valid JSON is refused',
  'read on events at {base} with a body that is not sent as JSON is refused',
  'read on events at {base} with a body that is not valid JSON is refused',
  'read on events at {base}/{id} with a body that is not sent as JSON is refused',
  'read on events at {base}/{id} with a body that is not valid JSON is refused',
  'read on network link types at {base} with a body that is not sent as JSON is refused',
  'read on network link types at {base} with a body that is not valid JSON is refused',
  'read on network link types at {base}/{id} with a body that is not sent as JSON is refused',
  'read on network link types at {base}/{id} with a body that is not valid JSON is refused',
  // Added with the record-path query scenarios, by reading (not run under msw 3): without its
  // where a read by id answers the record; a select of name and description on {base}/{id}
  // leaves nothing of the record out, so it passes.
  ...scenariosTagged('@check.read-by-id-where-another'),
];
const EXPECTED_FAILURES = MSW_DROPS_GET_BODY ? [...NEED_A_205_BODY, ...SEND_A_GET_QUERY] : NEED_A_205_BODY;

test(`the msw handlers pass every scenario except those that read a 205 body${MSW_DROPS_GET_BODY ? ' or send a read query (msw 3)' : ''}`, async () => {
  const run = await runSuiteQuietly({ baseUrl: BASE, token: await mintToken({ secret: SECRET }), jwtSecret: SECRET });
  assertFailedExactly(run, EXPECTED_FAILURES, 'the msw handlers');
  const reasons = run.scenarios.filter((s) => NEED_A_205_BODY.includes(s.name)).map((s) => s.error ?? '');
  for (const reason of reasons) assert.match(reason, /answered 205 without the envelope the description requires \(body: ""\)/);
  assert.ok(run.scenarios.length - NEED_A_205_BODY.length > 140, `only ${run.scenarios.length} scenarios ran`);
});
