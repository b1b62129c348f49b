import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parse } from 'yaml';
import { loadOpenApiDocument } from '../../contract/spec/openapi-document.js';
import { sendRaw } from '../../../test/support/test-server.js';
import { startReferenceServer, type RunningReferenceServer } from '../start-reference-server.js';

let server: RunningReferenceServer;
before(async () => {
  server = await startReferenceServer({ port: 0, auth: { secret: 'docs-test' } });
});
after(() => server.close());

test('the spec is served without auth as YAML and as JSON', async () => {
  const yaml = await sendRaw(server.url, 'GET', '/openapi.yaml', undefined, {});
  assert.equal(yaml.status, 200);
  assert.match(String(yaml.headers['content-type']), /^application\/yaml/);
  assert.equal((parse(yaml.text) as { openapi: string }).openapi, '3.1.0');
  const json = await sendRaw(server.url, 'GET', '/openapi.json', undefined, {});
  assert.equal(json.status, 200);
  assert.equal(json.headers['content-type'], 'application/json');
  assert.deepEqual({ ...(json.body as object), servers: documented }, loadOpenApiDocument());
  assert.deepEqual(parse(yaml.text), json.body, 'YAML and JSON state the same document');
});

const documented = loadOpenApiDocument()['servers'] as Array<{ url: string }>;
const serverUrls = (body: unknown): string[] => (body as { servers: Array<{ url: string }> }).servers.map((s) => s.url);

test('the served spec names the serving origin first, on a non-default port', async () => {
  assert.notEqual(server.port, 8080);
  const json = await sendRaw(server.url, 'GET', '/openapi.json', undefined, {});
  assert.deepEqual(serverUrls(json.body), [server.url, ...documented.map((s) => s.url)]);
  const yaml = await sendRaw(server.url, 'GET', '/openapi.yaml', undefined, {});
  assert.deepEqual(serverUrls(parse(yaml.text)), [server.url, ...documented.map((s) => s.url)]);
});

test('the origin follows the Host header the client used, and falls back to the socket for a bad one', async () => {
  const byName = await sendRaw(server.url, 'GET', '/openapi.json', undefined, { host: `localhost:${server.port}` });
  assert.equal(serverUrls(byName.body)[0], `http://localhost:${server.port}`);
  const bad = await sendRaw(server.url, 'GET', '/openapi.yaml', undefined, { host: 'evil.example/"x' });
  assert.equal(serverUrls(parse(bad.text))[0], server.url);
});

test('/docs and the Swagger UI files are served from node_modules without auth', async () => {
  const page = await sendRaw(server.url, 'GET', '/docs', undefined, {});
  assert.equal(page.status, 200);
  assert.match(String(page.headers['content-type']), /^text\/html/);
  assert.doesNotMatch(page.text, /https?:\/\//, 'no CDN');
  for (const asset of ['/docs/swagger-ui.css', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui-standalone-preset.js', '/docs/docs-init.js']) {
    const res = await sendRaw(server.url, 'GET', asset, undefined, {});
    assert.equal(res.status, 200, asset);
    assert.ok(res.text.length > 0);
  }
  assert.match((await sendRaw(server.url, 'GET', '/docs/docs-init.js', undefined, {})).text, /url: '\/openapi\.json'/);
});

test('/docs has a separate section on the mock controls (admin routes, fault headers, CORS), not among the operations', async () => {
  const page = (await sendRaw(server.url, 'GET', '/docs', undefined, {})).text;
  const section = /<section id="mock-controls"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
  for (const text of [
    'POST /__admin/reset',
    'GET /__admin/state',
    'PUT /__admin/state',
    'x-mgmt-kit-status',
    'x-mgmt-kit-delay',
    '--delay 100-800ms',
    '--cors-origin',
    '--cors=false',
    '--watch',
  ]) {
    assert.ok(section.includes(text), `the section names ${text}`);
  }
  const spec = JSON.stringify(loadOpenApiDocument());
  assert.ok(!spec.includes('__admin') && !spec.includes('x-mgmt-kit'), 'the spec knows nothing of the mock controls');
});

test('nothing else is served from disk', async () => {
  for (const path of ['/docs/../package.json', '/docs/package.json', '/docs/index.html', '/docs/swagger-ui-bundle.js.map']) {
    assert.equal((await sendRaw(server.url, 'GET', path, undefined, {})).status, 404, path);
  }
  assert.equal((await sendRaw(server.url, 'POST', '/openapi.json', undefined, {})).status, 404);
});
