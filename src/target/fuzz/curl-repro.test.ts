import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { curlCommand } from './curl-repro.js';

const BASE = 'http://127.0.0.1:8080';

describe('curlCommand', () => {
  it('the --header values every request carried are variables, never in clear', () => {
    const command = curlCommand(BASE, { method: 'GET', path: '/event', headers: { authorization: 'Bearer tok' }, body: undefined }, 'tok', [
      'X-Api-Key',
      'x-tenant.id',
    ]);
    assert.equal(
      command,
      `curl -sS -i -X GET 'http://127.0.0.1:8080/event' -H "Authorization: Bearer $TOKEN" -H "X-Api-Key: $HEADER_X_API_KEY" -H "x-tenant.id: $HEADER_X_TENANT_ID"`,
    );
  });
  it('shows the run token as $TOKEN and single-quotes the rest', () => {
    const command = curlCommand(
      BASE,
      { method: 'POST', path: '/event', headers: { 'content-type': 'application/json', authorization: 'Bearer tok.en' }, body: Buffer.from(`{"note":"it's"}`) },
      'tok.en',
    );
    assert.equal(
      command,
      `curl -sS -i -X POST 'http://127.0.0.1:8080/event' -H 'Content-Type: application/json' -H "Authorization: Bearer $TOKEN" --data-binary '{"note":"it'\\''s"}'`,
    );
  });
  it('a token in the query string becomes $TOKEN too; a bad token is shown as sent', () => {
    const query = curlCommand(BASE, { method: 'GET', path: '/event?access_token=tok.en', headers: {}, body: undefined }, 'tok.en');
    assert.match(query, /"http:\/\/127\.0\.0\.1:8080\/event\?access_token=\$TOKEN"/);
    const bad = curlCommand(BASE, { method: 'GET', path: '/event', headers: { authorization: 'Bearer not.a.jwt' }, body: undefined }, 'tok.en');
    assert.match(bad, /-H 'Authorization: Bearer not\.a\.jwt'/);
  });
  it("a body without Content-Type keeps curl from adding one; bytes that are not UTF-8 use $'…'", () => {
    const command = curlCommand(BASE, { method: 'PUT', path: '/event/a', headers: {}, body: Buffer.from([0x7b, 0xff, 0x27, 0x7d]) }, undefined);
    assert.match(command, / -H 'Content-Type:' --data-binary \$'\{\\xff\\'\}'$/);
  });
});
