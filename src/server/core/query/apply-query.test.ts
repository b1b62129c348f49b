import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StoredRecord } from '../json-record.js';
import { applyQuery } from './apply-query.js';
import { parseQuery } from './parse-query.js';

const links: StoredRecord[] = [
  { id: 'p2p', name: 'Point to Point', max_peers: 2, vendor: { name: 'acme' } },
  { id: 'slice', name: 'Slice', max_peers: 64 },
  { id: 'mesh', name: 'Mesh', max_peers: 16, vendor: { name: 'zeta' } },
  { id: 'star', name: 'Star', max_peers: '9' },
  { id: 'ring', name: 'ring', tags: ['a'] },
];

function idsOf(query: unknown): string[] {
  const parsed = parseQuery(query);
  assert.ok(parsed.ok, JSON.stringify(parsed));
  return applyQuery(links, parsed.value).map((r) => r.id);
}

const cases: Array<[string, { query: unknown; want: string[] }]> = [
  ['no query: every record in stored order', { query: {}, want: ['p2p', 'slice', 'mesh', 'star', 'ring'] }],
  ['equals', { query: { where: { equals: { target: 'name', expr: 'Mesh' } } }, want: ['mesh'] }],
  ['reg_exp matches the whole value', { query: { where: { reg_exp: { target: 'name', expr: '[A-Z].*' } } }, want: ['p2p', 'slice', 'mesh', 'star'] }],
  ['reg_exp: a substring is not a match', { query: { where: { reg_exp: { target: 'name', expr: 'es' } } }, want: [] }],
  ['reg_exp on a number uses its JSON text', { query: { where: { reg_exp: { target: 'max_peers', expr: '[0-9]' } } }, want: ['p2p', 'star'] }],
  ['wildcard', { query: { where: { wildcard: { target: 'id', expr: 's*' } } }, want: ['slice', 'star'] }],
  ['wildcard ?', { query: { where: { wildcard: { target: 'id', expr: '????' } } }, want: ['mesh', 'star', 'ring'] }],
  ['gt compares numbers as numbers; the string "9" as a string', { query: { where: { gt: { target: 'max_peers', expr: '9' } } }, want: ['slice', 'mesh'] }],
  ['lte with a number expr', { query: { where: { lte: { target: 'max_peers', expr: 16 } } }, want: ['p2p', 'mesh'] }],
  ['a dotted target', { query: { where: { equals: { target: 'vendor.name', expr: 'zeta' } } }, want: ['mesh'] }],
  [
    'two operators in one clause: both must hold',
    { query: { where: { wildcard: { target: 'id', expr: '*' }, lt: { target: 'max_peers', expr: 10 } } }, want: ['p2p'] },
  ],
  [
    'and as a list',
    { query: { where: { and: [{ gte: { target: 'max_peers', expr: 2 } }, { lt: { target: 'max_peers', expr: 64 } }] } }, want: ['p2p', 'mesh'] },
  ],
  [
    'or as a list',
    { query: { where: { or: [{ equals: { target: 'id', expr: 'ring' } }, { equals: { target: 'id', expr: 'p2p' } }] } }, want: ['p2p', 'ring'] },
  ],
  // star's max_peers is the string "9", which is greater than the text "20".
  [
    'or as an object',
    { query: { where: { or: { equals: { target: 'id', expr: 'ring' }, gt: { target: 'max_peers', expr: 20 } } } }, want: ['slice', 'star', 'ring'] },
  ],
  ['not', { query: { where: { not: { wildcard: { target: 'id', expr: 's*' } } } }, want: ['p2p', 'mesh', 'ring'] }],
  ['order asc by a string', { query: { order: [{ target: 'id', mode: 'asc' }] }, want: ['mesh', 'p2p', 'ring', 'slice', 'star'] }],
  [
    'order desc by a number: numbers before strings, missing last',
    { query: { order: [{ target: 'max_peers', mode: 'desc' }] }, want: ['star', 'slice', 'mesh', 'p2p', 'ring'] },
  ],
  ['order asc: missing last too', { query: { order: [{ target: 'vendor.name', mode: 'asc' }] }, want: ['p2p', 'mesh', 'slice', 'star', 'ring'] }],
  [
    'a second order entry breaks ties',
    {
      query: {
        order: [
          { target: 'vendor.name', mode: 'desc' },
          { target: 'id', mode: 'desc' },
        ],
      },
      want: ['mesh', 'p2p', 'star', 'slice', 'ring'],
    },
  ],
  ['limit is inclusive after ordering', { query: { order: [{ target: 'id', mode: 'asc' }], limit: { from: 1, to: 2 } }, want: ['p2p', 'ring'] }],
  ['limit from alone', { query: { order: [{ target: 'id', mode: 'asc' }], limit: { from: 3 } }, want: ['slice', 'star'] }],
  ['limit to alone', { query: { limit: { to: 0 } }, want: ['p2p'] }],
  ['limit beyond the end', { query: { limit: { from: 9 } }, want: [] }],
  [
    'where, then order, then limit',
    {
      query: { where: { wildcard: { target: 'id', expr: '*' } }, order: [{ target: 'id', mode: 'desc' }], limit: { from: 0, to: 1 } },
      want: ['star', 'slice'],
    },
  ],
];

for (const [name, { query, want }] of cases) {
  test(`applyQuery: ${name}`, () => assert.deepEqual(idsOf(query), want));
}
