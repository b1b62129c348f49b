import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileRegExp, compileWildcard, MAX_PATTERN_LENGTH, MAX_PROGRAM_SIZE } from './compile-pattern.js';

const matches = (result: ReturnType<typeof compileRegExp>, text: string) => {
  assert.ok(result.ok, JSON.stringify(result));
  return result.pattern.matches(text);
};

const regExpCases: Array<[string, { expr: string; text: string; want: boolean }]> = [
  ['the whole value must match', { expr: 'link', text: 'link-down', want: false }],
  ['a substring is not enough', { expr: 'down', text: 'link-down', want: false }],
  ['alternation over the whole value', { expr: 'link-(up|down)', text: 'link-up', want: true }],
  ['anchors are allowed and harmless', { expr: '^link-.*$', text: 'link-up', want: true }],
  ['case-sensitive', { expr: 'LINK-UP', text: 'link-up', want: false }],
  ['case-insensitive on request', { expr: '(?i)LINK-UP', text: 'link-up', want: true }],
  ['dot matches a newline', { expr: 'a.b', text: 'a\nb', want: true }],
  ['character classes', { expr: '[a-z]+-[0-9]{2}', text: 'edge-42', want: true }],
  ['unicode', { expr: 'caf.', text: 'café', want: true }],
];
for (const [name, { expr, text, want }] of regExpCases) {
  test(`compileRegExp: ${name}`, () => assert.equal(matches(compileRegExp(expr), text), want));
}

const wildcardCases: Array<[string, { expr: string; text: string; want: boolean }]> = [
  ['* matches any run', { expr: 'link-*', text: 'link-down', want: true }],
  ['* matches nothing too', { expr: 'link-*', text: 'link-', want: true }],
  ['the whole value must match', { expr: 'link', text: 'link-down', want: false }],
  ['? matches exactly one', { expr: 'e?', text: 'e1', want: true }],
  ['? does not match two', { expr: 'e?', text: 'e12', want: false }],
  ['regex characters are literal', { expr: 'a.b(c)+', text: 'a.b(c)+', want: true }],
  ['a literal dot does not match another character', { expr: 'a.b', text: 'axb', want: false }],
  ['\\* escapes a star', { expr: 'a\\*', text: 'a*', want: true }],
  ['\\* is not a wildcard', { expr: 'a\\*', text: 'ab', want: false }],
  ['* spans newlines', { expr: 'a*b', text: 'a\n\nb', want: true }],
  ['\\\\ escapes a backslash', { expr: 'a\\\\b', text: 'a\\b', want: true }],
  ['a trailing backslash stands for itself', { expr: 'a\\', text: 'a\\', want: true }],
  ['a trailing backslash escapes nothing', { expr: 'a\\', text: 'a', want: false }],
];
for (const [name, { expr, text, want }] of wildcardCases) {
  test(`compileWildcard: ${name}`, () => assert.equal(matches(compileWildcard(expr), text), want));
}

test('a bad regular expression is refused with the reason', () => {
  assert.deepEqual(compileRegExp('(a'), { ok: false, reason: 'not a valid regular expression: missing closing ): `(a`' });
  for (const expr of ['a{2,1}', '(?<=a)b', '(a)\\1', '*a']) assert.equal(compileRegExp(expr).ok, false, expr);
});

test(`a pattern over ${MAX_PATTERN_LENGTH} characters, or over ${MAX_PROGRAM_SIZE} RE2 instructions, is refused`, () => {
  assert.deepEqual(compileRegExp('a'.repeat(MAX_PATTERN_LENGTH + 1)), { ok: false, reason: `longer than ${MAX_PATTERN_LENGTH} characters` });
  assert.equal(compileRegExp('a'.repeat(MAX_PATTERN_LENGTH)).ok, true);
  assert.deepEqual(compileWildcard('*'.repeat(MAX_PATTERN_LENGTH + 1)), { ok: false, reason: `longer than ${MAX_PATTERN_LENGTH} characters` });
  const complex = compileRegExp('(?:a|aa|aaa){1,1000}z');
  assert.equal(complex.ok, false);
  assert.match(complex.ok ? '' : complex.reason, /too complex/);
});

// A backtracking engine (JavaScript's RegExp) takes exponential time on these: (a+)+$ against
// 30 'a's and a '!' runs for minutes. RE2 answers in time linear in the input.
test('catastrophic patterns answer in linear time', () => {
  for (const [expr, text] of [
    ['(a+)+$', `${'a'.repeat(100_000)}!`],
    ['(a|a)*b', 'a'.repeat(100_000)],
    ['(x+x+)+y', 'x'.repeat(100_000)],
    ['(.*a){20}b', 'a'.repeat(50_000)],
  ] as const) {
    const started = performance.now();
    assert.equal(matches(compileRegExp(expr), text), false, expr);
    const ms = performance.now() - started;
    assert.ok(ms < 2000, `${expr} took ${ms.toFixed(0)} ms`);
  }
});
