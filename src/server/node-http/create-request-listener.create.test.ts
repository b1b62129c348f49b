// Create (§4.1) through the real node:http adapter; every answer is checked against the spec by send().
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ID_ALREADY_FOUND, ID_DIFFERS_FROM_PATH, ONE_RECORD_WITH_PATH_ID, REPEATED_VALUES, SAME_ID_IN_BATCH } from '../core/messages.js';
import { firstMessageOf, useTestServer } from '../../../test/support/test-server.js';

const server = useTestServer();

const messageOf = firstMessageOf;

test('create with a body id → 201 envelope naming the id; extra fields stored as sent', async () => {
  const record = { id: 'event-1', kind: 'link-down', severity: 'major', detail: { port: 3, tags: ['a'] } };
  const res = await server.send('POST', '/event', { json: record });
  assert.equal(res.status, 201);
  assert.equal(res.headers['content-type'], 'application/json');
  // The item also carries the id as a field (x-decisions success-messages, extension).
  assert.deepEqual(res.body, [{ status: 'Created', code: 201, error: false, message: 'Record with id=event-1 created', id: 'event-1' }]);
  const read = await server.send('GET', '/event/event-1');
  assert.deepEqual(read.body, [record]);
});

test('create with the id in the path; a different body id → 406 {"id": "Differs from the id in the path"}', async () => {
  const res = await server.send('POST', '/type/network-link/mesh', { json: { name: 'Mesh', max_peers: 16 } });
  assert.equal(res.status, 201);
  assert.deepEqual(server.core.store['network-link-type'].get('mesh'), { id: 'mesh', name: 'Mesh', max_peers: 16 });
  const same = await server.send('POST', '/type/network-link/star', { json: { id: 'star', name: 'Star' } });
  assert.equal(same.status, 201);
  const clash = await server.send('POST', '/type/network-link/ring', { json: { id: 'other', name: 'Ring' } });
  assert.equal(clash.status, 406);
  assert.deepEqual(messageOf(clash.body), { id: ID_DIFFERS_FROM_PATH });
  assert.equal(server.core.store['network-link-type'].has('ring'), false);
});

test('create without an id → a generated UUID (§2 rule 3)', async () => {
  const res = await server.send('POST', '/event', { json: { kind: 'link-up' } });
  assert.equal(res.status, 201);
  const id = /id=(\S+) created/.exec(String(messageOf(res.body)))![1]!;
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.deepEqual(server.core.store.event.get(id), { id, kind: 'link-up' });
});

test('duplicate id → 406 "Id already found" (§4.1 rule 3), also for a preloaded id', async () => {
  for (const [path, record] of [
    ['/type/network-link', { id: 'p2p', name: 'Again' }],
    ['/type/network-link/slice', { name: 'Again' }],
  ] as const) {
    const res = await server.send('POST', path, { json: record });
    assert.equal(res.status, 406);
    assert.deepEqual(res.body, [{ status: 'Not Acceptable', code: 406, error: true, message: ID_ALREADY_FOUND }]);
  }
  assert.equal(server.core.store['network-link-type'].get('p2p')?.['name'], 'Point to Point');
});

const invalid: Array<[string, { path: string; body: unknown; want: Record<string, string> }]> = [
  ['missing name of a link type', { path: '/type/network-link', body: { id: 'x' }, want: { name: 'required' } }],
  [
    'parameter.type',
    { path: '/catalog/agent', body: { id: 'a', parameters: [{ id: 'p', config: { schema: 'yaml' } }] }, want: { 'parameter.type': 'required' } },
  ],
  ['action.config', { path: '/catalog/agent', body: { id: 'a', actions: [{ id: 'start' }] }, want: { 'action.config': 'required' } }],
  [
    'action.config.cmd',
    {
      path: '/catalog/agent',
      body: {
        id: 'a',
        actions: [
          { id: 's', config: { cmd: 'x' } },
          { id: 't', config: {} },
        ],
      },
      want: { 'action.config.cmd': 'required' },
    },
  ],
  [
    'action.status enum',
    {
      path: '/catalog/agent',
      body: { id: 'a', actions: [{ id: 's', config: { cmd: 'x' }, status: 'running' }] },
      want: { 'action.status': 'must be one of: started, stopped, unknown' },
    },
  ],
  [
    'parameter.config.schema enum',
    {
      path: '/catalog/agent',
      body: { parameters: [{ id: 'p', type: 'string', config: { schema: 'xml' } }] },
      want: { 'parameter.config.schema': 'must be one of: yaml, json, properties, propeties' },
    },
  ],
  [
    'resource.config.path',
    {
      path: '/catalog/agent',
      body: { resources: [{ id: 'r', config: { path: [1] } }] },
      want: { 'resource.config.path': 'must be a string or a list of strings' },
    },
  ],
  ['id not a string', { path: '/event', body: { id: 42 }, want: { id: 'must be string' } }],
  ['empty id', { path: '/event', body: { id: '' }, want: { id: 'must not be empty' } }],
  // x-decisions update-merge: entries are addressed by id, so one list cannot hold an id twice.
  [
    'two parameters with one id',
    {
      path: '/catalog/agent',
      body: {
        id: 'a',
        parameters: [
          { id: 'p', type: 'string', config: { schema: 'yaml' } },
          { id: 'p', type: 'integer', config: { schema: 'json' } },
        ],
      },
      want: { parameters: REPEATED_VALUES },
    },
  ],
  [
    'two actions with one id',
    {
      path: '/catalog/agent/a',
      body: {
        actions: [
          { id: 's', config: { cmd: 'x' } },
          { id: 't', config: { cmd: 'y' } },
          { id: 's', config: { cmd: 'z' } },
        ],
      },
      want: { actions: REPEATED_VALUES },
    },
  ],
  [
    'two resources with one id',
    {
      path: '/catalog/agent',
      body: {
        resources: [
          { id: 'r', config: { path: 'a' } },
          { id: 'r', config: { path: 'b' } },
        ],
      },
      want: { resources: REPEATED_VALUES },
    },
  ],
];

for (const [name, { path, body, want }] of invalid) {
  test(`create: ${name} → 406 with the field object and nothing stored`, async () => {
    const res = await server.send('POST', path, { json: body });
    assert.equal(res.status, 406);
    assert.deepEqual(messageOf(res.body), want);
    assert.equal(server.core.store.agent.size + server.core.store.event.size, 0);
  });
}

test('the same entry id in two different lists of an agent is accepted', async () => {
  const agent = {
    id: 'a',
    actions: [{ id: 'x', config: { cmd: 'c' } }],
    parameters: [{ id: 'x', type: 'string', config: { schema: 'yaml' } }],
    resources: [{ id: 'x', config: { path: 'p' } }],
  };
  assert.equal((await server.send('POST', '/catalog/agent', { json: agent })).status, 201);
  assert.deepEqual(server.core.store.agent.get('a'), agent);
});

test('the agent shape of the description is accepted (resource path as a string)', async () => {
  const agent = {
    id: 'filebeat',
    actions: [{ id: 'start', config: { cmd: 'filebeat -c {config} -e', args: ['-d'], daemon: true }, status: 'started', example: 'x' }],
    parameters: [{ id: 'period', type: 'time-duration', config: { schema: 'properties', source: '/etc/f', path: ['period'] } }],
    resources: [{ id: 'log', config: { path: '/var/log/syslog' } }],
  };
  assert.equal((await server.send('POST', '/catalog/agent', { json: agent })).status, 201);
  assert.deepEqual(server.core.store.agent.get('filebeat'), agent);
});

const items = (body: unknown) => (body as Array<{ code: number; message: unknown; id?: string }>).map((i) => [i.code, i.message, i.id]);

test('batch (extension): [] → 204; two records → 201 with two items, each with its id', async () => {
  const empty = await server.send('POST', '/event', { json: [] });
  assert.equal(empty.status, 204);
  assert.equal(empty.text, '');
  const two = await server.send('POST', '/event', { json: [{ id: 'b1' }, { id: 'b2' }] });
  assert.equal(two.status, 201);
  assert.deepEqual(items(two.body), [
    [201, 'Record with id=b1 created', 'b1'],
    [201, 'Record with id=b2 created', 'b2'],
  ]);
});

test('batch (extension): one item per record in order; the status is the most severe item; valid records are stored', async () => {
  const mixed = await server.send('POST', '/type/network-link', {
    json: [{ id: 'ok', name: 'Ok' }, { id: 'bad' }, { id: 'p2p', name: 'Again' }, { name: 'Gen' }],
  });
  assert.equal(mixed.status, 406);
  const got = items(mixed.body);
  assert.deepEqual(got.slice(0, 3), [
    [201, 'Record with id=ok created', 'ok'],
    [406, { name: 'required' }, undefined],
    [406, ID_ALREADY_FOUND, undefined],
  ]);
  assert.equal(got[3]![0], 201);
  assert.equal(server.core.store['network-link-type'].has('ok'), true);
  assert.equal(server.core.store['network-link-type'].has('bad'), false);
  assert.equal(server.core.store['network-link-type'].get('p2p')?.['name'], 'Point to Point');
  const entries = await server.send('POST', '/catalog/agent', {
    json: [
      { id: 'a1' },
      {
        id: 'a2',
        resources: [
          { id: 'r', config: { path: 'a' } },
          { id: 'r', config: { path: 'a' } },
        ],
      },
    ],
  });
  assert.equal(entries.status, 406);
  assert.deepEqual(items(entries.body), [
    [201, 'Record with id=a1 created', 'a1'],
    [406, { resources: REPEATED_VALUES }, undefined],
  ]);
});

test('batch (extension): refused whole with 406 {"id": …} for a repeated id or an id in the path', async () => {
  const repeated = await server.send('POST', '/event', { json: [{ id: 'r1' }, { id: 'r2' }, { id: 'r1' }] });
  assert.equal(repeated.status, 406);
  assert.deepEqual(repeated.body, [{ status: 'Not Acceptable', code: 406, error: true, message: { id: SAME_ID_IN_BATCH } }]);
  const withPathId = await server.send('POST', '/event/r3', { json: [{ kind: 'x' }] });
  assert.equal(withPathId.status, 406);
  assert.deepEqual(messageOf(withPathId.body), { id: ONE_RECORD_WITH_PATH_ID });
  assert.equal(server.core.store.event.size, 0);
});

test('no body or a whitespace body → 204 (nothing to create)', async () => {
  assert.equal((await server.send('POST', '/event')).status, 204);
  assert.equal((await server.send('POST', '/event', { raw: '  \n ' })).status, 204);
  assert.equal(server.core.store.event.size, 0);
});

test('valid JSON that is neither object nor array → 400; a batch of non-objects → 400', async () => {
  for (const raw of ['"text"', '42', 'null', 'true', '[1, null, "x"]', '[{"id":"a"}, []]']) {
    const res = await server.send('POST', '/event', { raw });
    assert.equal(res.status, 400, raw);
    assert.match(String(messageOf(res.body)), /^Request not valid: /);
  }
  assert.equal(server.core.store.event.size, 0);
});
