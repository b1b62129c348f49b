import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertSafeRequest, type SafetyPolicy } from './safety-guard.js';
import type { WireRequest } from '../generate/wire-request.js';

const policy: SafetyPolicy = { runPrefix: 'fz-abc-', allowDestructive: false, whereTrusted: new Set(['event']), generatedIds: new Set(['uuid-1']) };
const request = (method: WireRequest['method'], path: string, body?: unknown): WireRequest => ({
  method,
  path,
  headers: {},
  body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
});
const where = (expr: string) => ({ where: { equals: { target: 'id', expr } } });

const cases: Array<[string, WireRequest, boolean]> = [
  ['any read', request('GET', '/event'), true],
  ['a delete by a run id', request('DELETE', '/event/fz-abc-1'), true],
  ['a delete by an id the target generated for the run', request('DELETE', '/event/uuid-1'), true],
  ['a delete by a foreign id', request('DELETE', '/event/p2p'), false],
  ['a delete of the whole index', request('DELETE', '/event'), false],
  ['a delete by a where on a run value', request('DELETE', '/event', where('fz-abc-v1')), true],
  ['a delete by a where on a foreign value', request('DELETE', '/event', where('link-down')), false],
  ['a delete by a where on an index whose where was not seen to filter', request('DELETE', '/catalog/agent', where('fz-abc-v1')), false],
  ['a create under a run id', request('POST', '/event', { id: 'fz-abc-2' }), true],
  ['a create under a foreign id', request('POST', '/event', { id: 'p2p' }), false],
  ['a create without id and without the marker', request('POST', '/event', { kind: 'x' }), false],
  ['a create without id, with the marker', request('POST', '/event', { fuzz_marker: 'fz-abc-m1' }), true],
  ['an update of a foreign record', request('PUT', '/type/network-link/p2p', { name: 'x' }), false],
];

describe('assertSafeRequest', () => {
  for (const [name, req, allowed] of cases) {
    it(`${allowed ? 'sends' : 'refuses'} ${name}`, () => {
      if (allowed) assertSafeRequest(req, policy);
      else assert.throws(() => assertSafeRequest(req, policy), /refused to send/);
    });
  }
  it('--allow-destructive lets a delete of the whole index through', () => {
    assertSafeRequest(request('DELETE', '/event'), { ...policy, allowDestructive: true });
  });
});
