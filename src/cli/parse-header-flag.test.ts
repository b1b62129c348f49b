import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseHeaderFlag } from './read-connection-flags.js';

test('parseHeaderFlag: Name: value, trimmed; the colon may be followed by more colons', () => {
  assert.deepEqual(parseHeaderFlag('X-Api-Key:  abc:def '), { ok: true, header: { name: 'X-Api-Key', value: 'abc:def' } });
});

test('parseHeaderFlag: refusals name the header and never its value', () => {
  const refusals: Array<[string, RegExp]> = [
    ['X-Api-Key abc', /^--header "X-Api-Key abc" has no colon: write it as 'Name: value'/],
    ['Bad Name: s3cret', /^--header: "Bad Name" is not a header name/],
    ['Authorization: Bearer s3cret', /^--header Authorization: use --token, --token-command or --jwt-secret/],
    ['Content-Type: text/plain', /^--header Content-Type: the kit sets it per request/],
    ['X-Api-Key:', /^--header X-Api-Key: the value is empty \(is the variable meant to hold it set\?\)/],
    ['X-Api-Key: s3cret\u0007', /^--header X-Api-Key: the value holds a line break or a control character/],
  ];
  for (const [text, message] of refusals) {
    const read = parseHeaderFlag(text);
    assert.equal(read.ok, false, text);
    if (!read.ok) {
      assert.match(read.error, message);
      if (text.includes('s3cret')) assert.doesNotMatch(read.error, /s3cret/);
    }
  }
});
