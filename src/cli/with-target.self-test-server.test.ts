import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { mintToken } from '../contract/tokens/mint-token.js';
import { withSelfTestServer, type SelfTestServer } from './with-target.js';

/** Whether anything answers at the URL. */
const answers = (url: string) =>
  fetch(`${url}/openapi.yaml`).then(
    () => true,
    () => false,
  );

test('withSelfTestServer: a server on loopback that takes tokens of its secret, announced, closed afterwards', async () => {
  const out = new PassThrough();
  let seen: SelfTestServer | undefined;
  const result = await withSelfTestServer('fuzz', out, async (server) => {
    seen = server;
    const token = await mintToken({ secret: server.secret, expiresIn: '1m' });
    const withToken = await fetch(`${server.url}/type/network-link`, { headers: { authorization: `Bearer ${token}` } });
    const without = await fetch(`${server.url}/type/network-link`);
    return [withToken.status, without.status];
  });
  assert.deepEqual(result, [200, 401]);
  assert.match(seen?.url ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(String(out.read()), `mgmt-kit fuzz --self-test: reference server at ${seen?.url}\n`);
  assert.equal(await answers(seen!.url), false, 'closed once use resolved');
});

test('withSelfTestServer: closed when use throws, and the error passes through', async () => {
  let url = '';
  await assert.rejects(
    withSelfTestServer('conformance', new PassThrough(), async (server) => {
      url = server.url;
      assert.equal(await answers(url), true);
      throw new Error('the run broke');
    }),
    /the run broke/,
  );
  assert.equal(await answers(url), false);
});

test('withSelfTestServer: each run gets its own secret', async () => {
  const secrets = await Promise.all([1, 2].map(() => withSelfTestServer('fuzz', new PassThrough(), async (server) => server.secret)));
  assert.notEqual(secrets[0], secrets[1]);
});
