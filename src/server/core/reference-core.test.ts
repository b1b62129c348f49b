import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadOpenApiDocument } from '../../contract/spec/openapi-document.js';
import { createSpecValidator } from '../../contract/spec/spec-validator.js';
import { EMPTY_SECRET } from '../../contract/tokens/jwt-secret.js';
import { createReferenceCore, SeedError } from './reference-core.js';

const spec = createSpecValidator();
const json = (method: string, path: string, body?: unknown) => ({
  method,
  path,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

test('preload comes from the spec example PreloadedNetworkLinkTypes (§2.2)', async () => {
  const core = createReferenceCore();
  const examples = loadOpenApiDocument().components['examples'] as Record<string, { value: unknown }>;
  const res = await core.handle(json('GET', '/type/network-link'));
  assert.deepEqual(res.body, examples['PreloadedNetworkLinkTypes']!.value);
  assert.deepEqual(createReferenceCore({ preload: false }).store['network-link-type'].list(), []);
});

test('seed records load beside the preload; a seed id replaces a preloaded one; reset restores', async () => {
  const core = createReferenceCore({
    seed: { event: [{ id: 'e1', kind: 'up' }, { kind: 'no id' }], 'network-link-type': [{ id: 'p2p', name: 'Mine' }], agent: [] },
    generateId: () => 'gen-1',
  });
  assert.deepEqual(core.store.event.list(), [
    { id: 'e1', kind: 'up' },
    { id: 'gen-1', kind: 'no id' },
  ]);
  assert.equal(core.store['network-link-type'].get('p2p')?.['name'], 'Mine');
  await core.handle(json('DELETE', '/event'));
  assert.equal(core.store.event.size, 0);
  core.reset();
  assert.equal(core.store.event.size, 2);
});

test('an invalid seed throws SeedError listing every problem', () => {
  assert.throws(
    () => createReferenceCore({ seed: { 'network-link-type': [{ id: 'x' }, { id: 'y', name: 'Y' }, { id: 'y', name: 'Y2' }] } }),
    (error: unknown) => error instanceof SeedError && error.problems.length === 2 && /name.*required/.test(error.problems[0]!),
  );
  assert.throws(
    () =>
      createReferenceCore({
        seed: {
          agent: [
            {
              id: 'a',
              resources: [
                { id: 'r', config: { path: 'x' } },
                { id: 'r', config: { path: 'y' } },
              ],
            },
          ],
        },
      }),
    (error: unknown) => error instanceof SeedError && error.problems[0] === 'agent[0]: {"resources":"Repeated values"}',
  );
  assert.throws(() => createReferenceCore({ seed: { links: [] } as never }), SeedError);
  assert.throws(() => createReferenceCore({ seed: [] as never }), SeedError);
});

test('generated ids are UUIDs by default and generateId can replace them', async () => {
  const core = createReferenceCore();
  const created = await core.handle(json('POST', '/event', { kind: 'x' }));
  assert.match(String((created.body as Array<{ message: string }>)[0]!.message), /id=[0-9a-f-]{36} created/);
  const custom = createReferenceCore({ generateId: () => 'fixed' });
  await custom.handle(json('POST', '/event', { kind: 'x' }));
  assert.deepEqual(custom.store.event.list(), [{ id: 'fixed', kind: 'x' }]);
});

test('the store hands out copies: changing a read record changes nothing stored', async () => {
  const core = createReferenceCore();
  const record = core.store['network-link-type'].get('p2p')!;
  record['name'] = 'changed';
  const res = await core.handle(json('GET', '/type/network-link/p2p'));
  assert.equal((res.body as Array<{ name: string }>)[0]!.name, 'Point to Point');
});

test('304 carries the NotModified envelope in the core (node drops it on the wire)', async () => {
  const core = createReferenceCore();
  const res = await core.handle(json('PUT', '/type/network-link/p2p', { name: 'Point to Point' }));
  assert.equal(res.status, 304);
  assert.deepEqual(res.body, [{ status: 'Not Modified', code: 304, error: false, message: 'Update not necessary for record with id=p2p' }]);
  assert.deepEqual(spec.checkResponse('updateNetworkLinkTypeById', 304, res.body), { ok: true });
});

test('auth: false (default) checks nothing; a secret makes the core answer 401 without a token', async () => {
  assert.equal((await createReferenceCore().handle(json('GET', '/event'))).status, 200);
  const guarded = createReferenceCore({ auth: { secret: 's' } });
  assert.equal((await guarded.handle(json('GET', '/event'))).status, 401);
});

test('an empty secret is refused when the core is created, not at the first request', () => {
  for (const secret of ['', new Uint8Array(0)]) {
    assert.throws(() => createReferenceCore({ auth: { secret } }), { name: 'RangeError', message: EMPTY_SECRET });
  }
});

test('a batch update where only some records change answers 200 and says which did not (a 304 item)', async () => {
  const core = createReferenceCore();
  const res = await core.handle(
    json('PUT', '/type/network-link', [
      { id: 'p2p', name: 'Point to Point' },
      { id: 'slice', name: 'Sliced' },
    ]),
  );
  assert.equal(res.status, 200);
  assert.deepEqual(
    (res.body as Array<{ code: number; message: string }>).map((i) => [i.code, i.message]),
    [
      [304, 'Update not necessary for record with id=p2p'],
      [200, 'Record with id=slice updated'],
    ],
  );
  assert.deepEqual(spec.checkResponse('updateNetworkLinkType', 200, res.body), { ok: true });
});

test('the seed is copied once: the caller keeps mutable objects, reset() brings the seed back', async () => {
  const seed = { event: [{ id: 's1', geo: { lat: 1 } }] };
  const core = createReferenceCore({ seed });
  assert.equal(Object.isFrozen(seed.event[0]), false);
  seed.event[0]!.geo.lat = 9;
  await core.handle(json('PUT', '/event/s1', { geo: { lat: 2 } }));
  core.reset();
  assert.deepEqual(core.store.event.get('s1'), { id: 's1', geo: { lat: 1 } });
});

test('records in a read response are the frozen stored ones: an adapter cannot change the store through them', async () => {
  const core = createReferenceCore();
  const res = await core.handle(json('GET', '/type/network-link/p2p'));
  const [record] = res.body as Array<{ name: string }>;
  assert.throws(() => (record!.name = 'changed'), TypeError);
  assert.equal(core.store['network-link-type'].get('p2p')?.['name'], 'Point to Point');
});

test('state() is every index in the seed shape; replaceState swaps all records or, on a problem, none', () => {
  const core = createReferenceCore({ seed: { event: [{ id: 'e1', kind: 'up' }] } });
  assert.deepEqual(Object.keys(core.state()), ['event', 'network-link-type', 'agent']);
  assert.deepEqual(core.state().event, [{ id: 'e1', kind: 'up' }]);
  const before = core.state();
  assert.deepEqual(core.replaceState({ event: [{ id: 'e2', kind: 'x' }], agent: [{ id: 'a', parameters: [{ id: 'p' }] }] }), [
    'agent[0]: {"parameter.type":"required","parameter.config":"required"}',
  ]);
  assert.deepEqual(core.state(), before, 'nothing changed');
  assert.deepEqual(core.replaceState({ event: [{ id: 'e2', kind: 'x' }] }), []);
  assert.deepEqual(core.state(), { event: [{ id: 'e2', kind: 'x' }], 'network-link-type': [], agent: [] }, 'no preload is added');
  core.reset();
  assert.deepEqual(core.state().event, [{ id: 'e1', kind: 'up' }], 'reset still goes back to the start seed');
});

test('replaceSeed changes what reset loads (--watch); an invalid seed changes nothing', async () => {
  const core = createReferenceCore({ seed: { event: [{ id: 'e1', kind: 'up' }] } });
  assert.match(core.replaceSeed({ event: [{ id: 1 }] })[0]!, /^event\[0\]: /);
  assert.deepEqual(core.state().event, [{ id: 'e1', kind: 'up' }]);
  const seed = { event: [{ id: 'e5', kind: 'new' }] };
  assert.deepEqual(core.replaceSeed(seed), []);
  seed.event[0]!.kind = 'changed after the call';
  assert.deepEqual(core.state().event, [{ id: 'e5', kind: 'new' }]);
  assert.deepEqual(
    core.state()['network-link-type'].map((r) => r.id),
    ['p2p', 'slice'],
    'the preload stays',
  );
  await core.handle(json('DELETE', '/event'));
  core.reset();
  assert.deepEqual(core.state().event, [{ id: 'e5', kind: 'new' }], 'the caller cannot change the stored seed afterwards');
});
