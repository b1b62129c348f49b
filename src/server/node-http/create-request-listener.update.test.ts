// Update (§4.1 rules 5-7; x-decisions update-merge, update-unknown-id, readonly-id) through node:http.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ONE_RECORD_WITH_PATH_ID, READONLY_FIELD, REPEATED_VALUES, SAME_ID_IN_BATCH } from '../core/messages.js';
import { firstMessageOf, useTestServer } from '../../../test/support/test-server.js';

const FILEBEAT = {
  id: 'filebeat',
  description: 'Collects log files',
  deployment_source: ['https://example.invalid/a.tar.gz'],
  actions: [{ id: 'start', config: { cmd: 'filebeat -e', daemon: true }, status: 'started' }],
  parameters: [
    { id: 'period', type: 'time-duration', config: { schema: 'yaml', source: '/etc/filebeat.yml' } },
    { id: 'level', type: 'string', config: { schema: 'yaml' } },
  ],
  resources: [{ id: 'log', config: { path: ['/var/log/syslog'] } }],
};

const server = useTestServer({ seed: { event: [{ id: 'event-1', kind: 'link-down', geo: { lat: 1, lon: 2 } }], agent: [FILEBEAT] } });

const messageOf = firstMessageOf;

test('event: the example of the description adds the field source (rule 7) → 200', async () => {
  const res = await server.send('PUT', '/event', { json: { id: 'event-1', source: '10.0.0.1' } });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, [{ status: 'OK', code: 200, error: false, message: 'Record with id=event-1 updated' }]);
  assert.deepEqual(server.core.store.event.get('event-1'), { id: 'event-1', kind: 'link-down', geo: { lat: 1, lon: 2 }, source: '10.0.0.1' });
});

test('nested objects merge field by field', async () => {
  assert.equal((await server.send('PUT', '/event/event-1', { json: { geo: { lat: 5 } } })).status, 200);
  assert.deepEqual(server.core.store.event.get('event-1')?.['geo'], { lat: 5, lon: 2 });
});

test('network link type: a new name, by body id or by path id (rule 6)', async () => {
  assert.equal((await server.send('PUT', '/type/network-link', { json: { id: 'p2p', name: 'Point-to-Point link' } })).status, 200);
  assert.equal(server.core.store['network-link-type'].get('p2p')?.['name'], 'Point-to-Point link');
  assert.equal((await server.send('PUT', '/type/network-link/slice', { json: { name: 'Shared slice' } })).status, 200);
  assert.deepEqual(server.core.store['network-link-type'].get('slice'), {
    id: 'slice',
    name: 'Shared slice',
    description: 'A network slice shared by several endpoints',
  });
});

test('agent: change a parameter type and add an action in one request; other entries kept (rule 5)', async () => {
  const res = await server.send('PUT', '/catalog/agent', {
    json: {
      id: 'filebeat',
      parameters: [{ id: 'period', type: 'integer' }],
      actions: [{ id: 'restart', config: { cmd: 'systemctl restart filebeat' }, status: 'unknown' }],
    },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(server.core.store.agent.get('filebeat'), {
    ...FILEBEAT,
    actions: [FILEBEAT.actions[0], { id: 'restart', config: { cmd: 'systemctl restart filebeat' }, status: 'unknown' }],
    parameters: [{ ...FILEBEAT.parameters[0], type: 'integer' }, FILEBEAT.parameters[1]],
  });
});

test('agent: other arrays are replaced', async () => {
  assert.equal((await server.send('PUT', '/catalog/agent/filebeat', { json: { deployment_source: ['b'] } })).status, 200);
  assert.deepEqual(server.core.store.agent.get('filebeat')?.['deployment_source'], ['b']);
});

test('nothing would change → 304; node sends no body', async () => {
  for (const body of [{ id: 'p2p', name: 'Point to Point' }, { id: 'p2p' }]) {
    const res = await server.send('PUT', '/type/network-link', { json: body });
    assert.equal(res.status, 304);
    assert.equal(res.text, '');
  }
  const agent = await server.send('PUT', '/catalog/agent/filebeat', { json: { parameters: [{ id: 'level', type: 'string' }] } });
  assert.equal(agent.status, 304);
});

const refusals: Array<[string, { path: string; body: unknown; want: Record<string, string> }]> = [
  ['unknown id', { path: '/type/network-link', body: { id: 'mesh', name: 'Mesh' }, want: { id: 'not found' } }],
  ['unknown path id', { path: '/event/nope', body: { source: 'x' }, want: { id: 'not found' } }],
  ['no target id', { path: '/event', body: { source: 'x' }, want: { id: 'required' } }],
  ['an id change', { path: '/type/network-link/p2p', body: { id: 'p2p-new', name: 'X' }, want: { id: READONLY_FIELD } }],
  [
    'a new action without config',
    { path: '/catalog/agent/filebeat', body: { actions: [{ id: 'stop', status: 'stopped' }] }, want: { 'action.config': 'required' } },
  ],
  [
    'a bad status',
    {
      path: '/catalog/agent/filebeat',
      body: { actions: [{ id: 'start', status: 'paused' }] },
      want: { 'action.status': 'must be one of: started, stopped, unknown' },
    },
  ],
  [
    'a new parameter without type',
    { path: '/catalog/agent/filebeat', body: { parameters: [{ id: 'new', config: { schema: 'json' } }] }, want: { 'parameter.type': 'required' } },
  ],
  ['an entry without id', { path: '/catalog/agent/filebeat', body: { resources: [{ config: { path: 'x' } }] }, want: { 'resource.id': 'required' } }],
  ['a name that is not a string', { path: '/type/network-link/p2p', body: { name: 1 }, want: { name: 'must be string' } }],
  // x-decisions update-merge: merging by id would fold these into one entry, so the sent lists are checked.
  [
    'a stored parameter sent twice',
    {
      path: '/catalog/agent/filebeat',
      body: {
        parameters: [
          { id: 'period', type: 'integer' },
          { id: 'period', type: 'string' },
        ],
      },
      want: { parameters: REPEATED_VALUES },
    },
  ],
  [
    'a new action sent twice',
    {
      path: '/catalog/agent',
      body: {
        id: 'filebeat',
        actions: [
          { id: 'stop', config: { cmd: 'a' } },
          { id: 'stop', config: { cmd: 'b' } },
        ],
      },
      want: { actions: REPEATED_VALUES },
    },
  ],
  [
    'a resource sent twice',
    {
      path: '/catalog/agent/filebeat',
      body: {
        resources: [
          { id: 'log', config: { path: 'a' } },
          { id: 'log', config: { path: 'a' } },
        ],
      },
      want: { resources: REPEATED_VALUES },
    },
  ],
];

for (const [name, { path, body, want }] of refusals) {
  test(`update refused: ${name} → 406, nothing changed`, async () => {
    const before = [server.core.store.event.list(), server.core.store['network-link-type'].list(), server.core.store.agent.list()];
    const res = await server.send('PUT', path, { json: body });
    assert.equal(res.status, 406);
    assert.deepEqual(messageOf(res.body), want);
    assert.deepEqual([server.core.store.event.list(), server.core.store['network-link-type'].list(), server.core.store.agent.list()], before);
  });
}

const items = (body: unknown) => (body as Array<{ code: number; message: unknown }>).map((i) => [i.code, i.message]);

test('batch (extension): [] and no body → 204; one item per record; the most severe status; valid records updated', async () => {
  assert.equal((await server.send('PUT', '/event', { json: [] })).status, 204);
  assert.equal((await server.send('PUT', '/event')).status, 204);
  const res = await server.send('PUT', '/type/network-link', { json: [{ id: 'p2p', name: 'Changed' }, { id: 'mesh', name: 'Mesh' }, { id: 'slice' }] });
  assert.equal(res.status, 406);
  assert.deepEqual(items(res.body), [
    [200, 'Record with id=p2p updated'],
    [406, { id: 'not found' }],
    [304, 'Update not necessary for record with id=slice'],
  ]);
  assert.equal(server.core.store['network-link-type'].get('p2p')?.['name'], 'Changed');
  const unchanged = await server.send('PUT', '/type/network-link', { json: [{ id: 'p2p' }, { id: 'slice' }] });
  assert.equal(unchanged.status, 304);
  const ok = await server.send('PUT', '/type/network-link', {
    json: [
      { id: 'p2p', name: 'A' },
      { id: 'slice', name: 'B' },
    ],
  });
  assert.equal(ok.status, 200);
  assert.equal((ok.body as unknown[]).length, 2);
});

test('batch (extension): refused whole with 406 {"id": …} for a repeated id or an id in the path', async () => {
  const repeated = await server.send('PUT', '/type/network-link', {
    json: [
      { id: 'p2p', name: 'A' },
      { id: 'p2p', name: 'B' },
    ],
  });
  assert.equal(repeated.status, 406);
  assert.deepEqual(messageOf(repeated.body), { id: SAME_ID_IN_BATCH });
  const withPathId = await server.send('PUT', '/type/network-link/p2p', { json: [{ name: 'A' }] });
  assert.equal(withPathId.status, 406);
  assert.deepEqual(messageOf(withPathId.body), { id: ONE_RECORD_WITH_PATH_ID });
  assert.equal(server.core.store['network-link-type'].get('p2p')?.['name'], 'Point to Point');
});

test('an update keeps the record in its place', async () => {
  await server.send('PUT', '/type/network-link/p2p', { json: { name: 'Renamed' } });
  assert.deepEqual(
    server.core.store['network-link-type'].list().map((r) => r.id),
    ['p2p', 'slice'],
  );
});
