import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mostSevereStatus } from './write-records.js';

// The original service's ranking (lib/http.py code_priority_order): 304 < 200 < 201 = 205 < 404 < errors.
const cases: Array<[number[], number]> = [
  [[201], 201],
  [[201, 201], 201],
  [[201, 406], 406],
  [[406, 201], 406],
  [[200, 304], 200],
  [[304, 200, 304], 200],
  [[304, 304], 304],
  [[200, 406, 304], 406],
  [[406, 422], 406], // equals: the first wins
  [[422, 406], 422],
  [[205, 205], 205],
  [[201, 404], 404],
  [[404, 406], 406],
];

for (const [codes, want] of cases) {
  test(`mostSevereStatus(${codes.join(', ')}) → ${want}`, () => assert.equal(mostSevereStatus(codes), want));
}
