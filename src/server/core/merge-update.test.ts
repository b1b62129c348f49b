import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeUpdate } from './merge-update.js';

const LISTS = ['actions', 'parameters', 'resources'];

const cases: Array<[string, { stored: Record<string, unknown>; sent: Record<string, unknown>; lists?: string[]; want: Record<string, unknown> }]> = [
  [
    'adds a field (§4.1 rule 7)',
    { stored: { id: 'e1', kind: 'up' }, sent: { id: 'e1', source: '10.0.0.1' }, want: { id: 'e1', kind: 'up', source: '10.0.0.1' } },
  ],
  ['replaces a scalar (rule 6)', { stored: { id: 'p2p', name: 'Point to Point' }, sent: { name: 'P2P' }, want: { id: 'p2p', name: 'P2P' } }],
  [
    'merges nested objects field by field',
    { stored: { id: 'e', geo: { lat: 1, lon: 2 } }, sent: { geo: { lat: 3 } }, want: { id: 'e', geo: { lat: 3, lon: 2 } } },
  ],
  [
    'replaces other arrays',
    { stored: { id: 'a', deployment_source: ['x', 'y'] }, sent: { deployment_source: ['z'] }, lists: LISTS, want: { id: 'a', deployment_source: ['z'] } },
  ],
  ['an object replaces a scalar', { stored: { id: 'e', v: 1 }, sent: { v: { n: 1 } }, want: { id: 'e', v: { n: 1 } } }],
  [
    'lists are replaced where not merged by id',
    { stored: { id: 'e', actions: [{ id: 'a', x: 1 }] }, sent: { actions: [{ id: 'b' }] }, want: { id: 'e', actions: [{ id: 'b' }] } },
  ],
  [
    'agent: change a parameter type and add an action in one request (rule 5)',
    {
      stored: {
        id: 'filebeat',
        parameters: [
          { id: 'period', type: 'time-duration', config: { schema: 'yaml', source: '/etc/f.yml' } },
          { id: 'level', type: 'string', config: { schema: 'yaml' } },
        ],
        actions: [{ id: 'start', config: { cmd: 'filebeat' }, status: 'started' }],
        resources: [{ id: 'log', config: { path: ['/var/log/syslog'] } }],
      },
      sent: { id: 'filebeat', parameters: [{ id: 'period', type: 'integer' }], actions: [{ id: 'restart', config: { cmd: 'systemctl restart filebeat' } }] },
      lists: LISTS,
      want: {
        id: 'filebeat',
        parameters: [
          { id: 'period', type: 'integer', config: { schema: 'yaml', source: '/etc/f.yml' } },
          { id: 'level', type: 'string', config: { schema: 'yaml' } },
        ],
        actions: [
          { id: 'start', config: { cmd: 'filebeat' }, status: 'started' },
          { id: 'restart', config: { cmd: 'systemctl restart filebeat' } },
        ],
        resources: [{ id: 'log', config: { path: ['/var/log/syslog'] } }],
      },
    },
  ],
  [
    'entry config merged field by field',
    {
      stored: { id: 'a', actions: [{ id: 's', config: { cmd: 'x', daemon: true } }] },
      sent: { actions: [{ id: 's', config: { cmd: 'y' } }] },
      lists: LISTS,
      want: { id: 'a', actions: [{ id: 's', config: { cmd: 'y', daemon: true } }] },
    },
  ],
];

for (const [name, { stored, sent, lists, want }] of cases) {
  test(`mergeUpdate: ${name}`, () => {
    const before = structuredClone(stored);
    assert.deepEqual(mergeUpdate(stored, sent, lists), want);
    assert.deepEqual(stored, before, 'the stored record is not modified');
  });
}

test('the result shares no object with its inputs', () => {
  const sent = { nested: { a: 1 }, list: [1] };
  const merged = mergeUpdate({ id: 'x' }, sent);
  (merged['nested'] as { a: number }).a = 2;
  (merged['list'] as number[]).push(2);
  assert.deepEqual(sent, { nested: { a: 1 }, list: [1] });
});

test('a __proto__ field is merged as data and pollutes nothing', () => {
  const sent = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
  const merged = mergeUpdate({ id: 'x' }, sent);
  assert.ok(Object.hasOwn(merged, '__proto__'));
  assert.equal(Object.getPrototypeOf(merged), Object.prototype);
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
});

test('20 000 entries merged by id take linear time, not quadratic (hostile input)', () => {
  const entries = (count: number) => ({
    stored: { id: 'big', actions: Array.from({ length: count }, (_, i) => ({ id: `a${i}`, config: { cmd: 'c' } })) },
    sent: { actions: Array.from({ length: count }, (_, i) => ({ id: `a${i}`, status: 'started' })) },
  });
  // The fastest of three runs, so a busy machine slows both sizes alike instead of one at random.
  const fastest = (count: number) => {
    const { stored, sent } = entries(count);
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      mergeUpdate(stored, sent, LISTS);
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  const small = fastest(2_000);
  const large = fastest(20_000);
  // Ten times the entries: about 10 × the time when linear, 100 × when each entry scans the list.
  assert.ok(large < Math.max(small, 0.5) * 40, `2 000 entries ${small.toFixed(1)} ms, 20 000 entries ${large.toFixed(1)} ms`);
  const { stored, sent } = entries(20_000);
  const merged = mergeUpdate(stored, sent, LISTS) as { actions: Array<{ status?: string }> };
  assert.equal(merged.actions.length, 20_000);
  assert.ok(merged.actions.every((a) => a.status === 'started'));
});
