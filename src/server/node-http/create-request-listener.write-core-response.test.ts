import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasWireBody } from './create-request-listener.js';

test('node:http carries a body on 205 but never on 204 or 304 (x-decisions delete-envelope, not-modified-body)', () => {
  const cases: Array<[number, boolean]> = [
    [200, true],
    [201, true],
    [204, false],
    [205, true],
    [304, false],
    [406, true],
    [500, true],
  ];
  for (const [status, want] of cases) assert.equal(hasWireBody(status), want, String(status));
});
