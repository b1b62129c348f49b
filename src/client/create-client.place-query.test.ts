import assert from 'node:assert/strict';
import { test } from 'node:test';
import { placeQuery, runsInBrowser } from './create-client.js';

const query = { where: { wildcard: { target: 'kind', expr: 'link-*' } } };
const search = `?q=${encodeURIComponent(JSON.stringify(query))}`;

const cases: Array<[string, Parameters<typeof placeQuery>, { body: unknown; search: string }]> = [
  ['Node, auto: the body', ['GET', query, 'auto', false], { body: query, search: '' }],
  ['browser, auto, GET: q', ['GET', query, 'auto', true], { body: undefined, search }],
  ['browser, auto, DELETE: the body (a server without q would delete everything)', ['DELETE', query, 'auto', true], { body: query, search: '' }],
  ['asked for url: q, DELETE too', ['DELETE', query, 'url', false], { body: undefined, search }],
  ['asked for body in a browser: the body', ['GET', query, 'body', true], { body: query, search: '' }],
  ['no query: nothing', ['GET', undefined, 'url', true], { body: undefined, search: '' }],
];

for (const [name, args, want] of cases) {
  test(`placeQuery: ${name}`, () => assert.deepEqual(placeQuery(...args), want));
}

test('the q value decodes back to the query', () => {
  const { search: s } = placeQuery('GET', { select: ['a&b', 'c d'] }, 'url', false);
  assert.deepEqual(JSON.parse(new URLSearchParams(s.slice(1)).get('q')!), { select: ['a&b', 'c d'] });
});

test('runsInBrowser is false under Node', () => {
  assert.equal(runsInBrowser(), false);
});
