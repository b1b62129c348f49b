import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAuthenticator } from './tokens/authenticate.js';
import { mintToken } from './tokens/mint-token.js';
import { bearerToken, createAuthTable, FORGED_KINDS, UNSIGNED_KINDS, WRONG_AUTH_KINDS } from './auth-table.js';

describe('createAuthTable', () => {
  it('every kind but valid fails the reference authenticator, even when signed with the right secret', async () => {
    const secret = 'auth-table-secret';
    const table = await createAuthTable({ validToken: await mintToken({ secret }), secret });
    const authenticate = createAuthenticator(secret);
    for (const [kind, material] of Object.entries(table)) {
      assert.equal(await authenticate(material.authorization), kind === 'valid', kind);
    }
    assert.match(table['in-query-string'].query ?? '', /^access_token=/);
    assert.equal(table['in-query-string'].authorization, undefined);
  });

  it("carries the deployment's required claims and the subject in every token, so only what its kind names is wrong", async () => {
    const table = await createAuthTable({ validToken: undefined, secret: 's', claims: { aud: 'mgmt', iss: 'ci' }, subject: 'who' });
    for (const kind of WRONG_AUTH_KINDS) {
      const token = bearerToken(table[kind]);
      if (token.split('.').length !== 3 || kind === 'malformed') continue;
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
      assert.deepEqual([claims['aud'], claims['iss'], claims['sub']], ['mgmt', 'ci', 'who'], kind);
    }
  });

  it('the sets the conformance steps send are kinds of the table, alg none in four letter cases', async () => {
    const table = await createAuthTable({ validToken: undefined, secret: undefined });
    assert.deepEqual(
      UNSIGNED_KINDS.map((kind) => JSON.parse(Buffer.from(bearerToken(table[kind]).split('.')[0]!, 'base64url').toString()).alg),
      ['none', 'None', 'NONE', 'nOnE'],
    );
    for (const kind of [...UNSIGNED_KINDS, ...FORGED_KINDS]) assert.ok(WRONG_AUTH_KINDS.includes(kind), kind);
  });
});
