import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findSentMismatch } from './contains-sent.js';

const cases: Array<[string, { stored: unknown; sent: unknown; want: string | undefined }]> = [
  ['equal records', { stored: { id: 'a', n: 1 }, sent: { id: 'a', n: 1 }, want: undefined }],
  ['server-added field is tolerated', { stored: { id: 'a', created: 'now' }, sent: { id: 'a' }, want: undefined }],
  ['dropped extra field', { stored: { id: 'a' }, sent: { id: 'a', x: { y: 1 } }, want: '/x: missing (sent {"y":1})' }],
  ['changed nested value', { stored: { o: { p: 2 } }, sent: { o: { p: 1 } }, want: '/o/p: expected 1, got 2' }],
  ['entries with id match in any order', { stored: { l: [{ id: 'b' }, { id: 'a', t: 1 }] }, sent: { l: [{ id: 'a', t: 1 }, { id: 'b' }] }, want: undefined }],
  ['entry missing', { stored: { l: [{ id: 'b' }, { id: 'c' }] }, sent: { l: [{ id: 'a' }, { id: 'b' }] }, want: '/l[id=a]: missing' }],
  ['extra entry', { stored: { l: [{ id: 'a' }, { id: 'b' }] }, sent: { l: [{ id: 'a' }] }, want: '/l: expected 1 entries, got 2' }],
  ['scalar lists keep order', { stored: { p: ['b', 'a'] }, sent: { p: ['a', 'b'] }, want: '/p[0]: expected "a", got "b"' }],
  ['long text cut short', { stored: { t: 'x'.repeat(255) }, sent: { t: 'x'.repeat(300) }, want: '/t: expected a string of 300 characters, got one of 255' }],
  [
    'long text counted in characters',
    { stored: { t: 'é'.repeat(1999) }, sent: { t: 'é'.repeat(2100) }, want: '/t: expected a string of 2100 characters, got one of 1999' },
  ],
  [
    'long text changed',
    { stored: { t: `${'x'.repeat(99)}y` }, sent: { t: 'x'.repeat(100) }, want: '/t: expected a string of 100 characters, got one differing at character 100' },
  ],
  ['long text equal', { stored: { t: 'x'.repeat(100) }, sent: { t: 'x'.repeat(100) }, want: undefined }],
];

for (const [name, { stored, sent, want }] of cases) {
  test(`findSentMismatch: ${name}`, () => assert.equal(findSentMismatch(stored, sent), want));
}
