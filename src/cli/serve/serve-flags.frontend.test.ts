import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatFrontendBanner, readFrontendFlags, type FrontendFlags } from './serve-flags.js';

const flags = (over: Partial<FrontendFlags>): FrontendFlags => ({ cors: true, corsOrigin: [], ...over });

const cases: Array<[string, { given: Partial<FrontendFlags>; want: unknown }]> = [
  ['defaults: CORS for any origin, nothing else', { given: {}, want: { ok: true, options: { cors: { origins: '*' }, admin: false } } }],
  ['--cors=false', { given: { cors: false }, want: { ok: true, options: { cors: false, admin: false } } }],
  [
    '--cors-origin twice, normalised',
    {
      given: { corsOrigin: ['http://localhost:5173/', 'https://app.test'] },
      want: { ok: true, options: { cors: { origins: ['http://localhost:5173', 'https://app.test'] }, admin: false } },
    },
  ],
  [
    '--admin --delay 100-800ms',
    { given: { admin: true, delay: '100-800ms' }, want: { ok: true, options: { cors: { origins: '*' }, admin: true, delay: { minMs: 100, maxMs: 800 } } } },
  ],
  ['--watch with --seed', { given: { watch: true, seed: 'seed.json' }, want: { ok: true, options: { cors: { origins: '*' }, admin: false } } }],
  [
    '--cors-origin with --cors=false',
    { given: { cors: false, corsOrigin: ['http://a.test'] }, want: { ok: false, error: '--cors-origin needs CORS on: drop --cors=false' } },
  ],
  [
    'a bad --cors-origin',
    {
      given: { corsOrigin: ['localhost:5173/app'] },
      want: { ok: false, error: '--cors-origin must be an origin such as http://localhost:5173 (scheme, host, port; no path), got "localhost:5173/app"' },
    },
  ],
  [
    'a bad --delay',
    {
      given: { delay: 'fast' },
      want: { ok: false, error: '--delay "fast" is not a duration: write e.g. 300ms, 2s, 1.5s, 2m or 1h (a bare number is milliseconds)' },
    },
  ],
  ['a reversed --delay range', { given: { delay: '800-100ms' }, want: { ok: false, error: '--delay "800-100ms": the lower bound is above the upper one' } }],
  ['--watch without --seed', { given: { watch: true }, want: { ok: false, error: '--watch needs --seed FILE (the file to reload)' } }],
];
for (const [name, { given, want }] of cases) {
  test(`readFrontendFlags: ${name}`, () => assert.deepEqual(readFrontendFlags(flags(given)), want));
}

test('formatFrontendBanner: CORS always; admin routes, delay and watch when on', () => {
  assert.equal(formatFrontendBanner('http://h:1', flags({})), '  cors:  any origin\n');
  assert.equal(formatFrontendBanner('http://h:1', flags({ cors: false })), '  cors:  off (--cors=false)\n');
  const all = formatFrontendBanner('http://h:1', flags({ corsOrigin: ['http://localhost:5173/'], admin: true, delay: '2s', watch: true, seed: 's.json' }));
  assert.match(all, /cors: +http:\/\/localhost:5173\n/);
  assert.match(all, /admin: page http:\/\/h:1\/__admin\/\n/);
  assert.match(all, /POST http:\/\/h:1\/__admin\/reset +GET\|PUT http:\/\/h:1\/__admin\/state/);
  assert.match(all, /GET\|DELETE http:\/\/h:1\/__admin\/requests +GET\|POST\|DELETE http:\/\/h:1\/__admin\/faults/);
  assert.match(all, /x-mgmt-kit-status: <status> +x-mgmt-kit-delay: <time>/);
  assert.match(all, /delay: 2s before every answer/);
  assert.match(all, /watch: s\.json/);
});
