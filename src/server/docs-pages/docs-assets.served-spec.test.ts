import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'yaml';
import { loadOpenApiDocument } from '../../contract/spec/openapi-document.js';
import { readOpenApiYaml } from '../../contract/spec/read-openapi-yaml.js';
import { createServedSpec, MAX_CACHED_ORIGINS, SERVING_ORIGIN_DESCRIPTION, serversWithOrigin } from './docs-assets.js';

const doc = loadOpenApiDocument();
const documented = doc['servers'] as Array<{ url: string; description: string }>;
const specFor = createServedSpec(doc, readOpenApiYaml());

test('the documented servers are 8080 (npm start) and 4010 (Prism)', () => {
  assert.deepEqual(
    documented.map((s) => s.url),
    ['http://127.0.0.1:8080', 'http://127.0.0.1:4010'],
  );
});

test('JSON: the serving origin comes first, the documented servers follow; nothing else changes', () => {
  const served = JSON.parse(specFor('http://127.0.0.1:9000').json.body.toString('utf8')) as Record<string, unknown>;
  assert.deepEqual(served['servers'], [{ url: 'http://127.0.0.1:9000', description: SERVING_ORIGIN_DESCRIPTION }, ...documented]);
  assert.deepEqual({ ...served, servers: documented }, doc);
});

test('YAML: the same servers, and the rest of the document as written', () => {
  const text = specFor('http://localhost:9000').yaml.body.toString('utf8');
  const served = parse(text) as Record<string, unknown>;
  assert.deepEqual(served, JSON.parse(specFor('http://localhost:9000').json.body.toString('utf8')));
  // Only the servers block differs from the file: the descriptions and comments stay as written.
  const written = readOpenApiYaml();
  assert.equal(text.slice(0, written.indexOf('servers:')), written.slice(0, written.indexOf('servers:')));
  assert.equal(text.slice(text.indexOf('\nsecurity:')), written.slice(written.indexOf('\nsecurity:')));
});

test('an origin that is documented is listed once, first', () => {
  assert.deepEqual(
    serversWithOrigin('http://127.0.0.1:8080', documented).map((s) => s.url),
    ['http://127.0.0.1:8080', 'http://127.0.0.1:4010'],
  );
  const served = parse(specFor('http://127.0.0.1:8080').yaml.body.toString('utf8')) as { servers: Array<{ url: string }> };
  assert.deepEqual(
    served.servers.map((s) => s.url),
    ['http://127.0.0.1:8080', 'http://127.0.0.1:4010'],
  );
});

test('each origin is rendered once and reused; the cache keeps at most MAX_CACHED_ORIGINS', () => {
  const fresh = createServedSpec(doc, readOpenApiYaml());
  const first = fresh('http://a.example:1');
  assert.equal(fresh('http://a.example:1'), first, 'same origin → the cached rendering');
  for (let i = 0; i < MAX_CACHED_ORIGINS; i += 1) fresh(`http://b.example:${i + 1}`);
  const again = fresh('http://a.example:1');
  assert.notEqual(again, first, 'the oldest origin was dropped and is rendered anew');
  assert.deepEqual(again.json.body, first.json.body);
});

test('a YAML without a top-level servers block is refused at start, not served wrong', () => {
  assert.throws(() => createServedSpec(doc, 'openapi: 3.1.0\npaths: {}\n'), /no top-level servers: block/);
});
