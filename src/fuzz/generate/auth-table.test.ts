import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAuthenticator } from '../../contract/tokens/authenticate.js';
import { mintToken } from '../../contract/tokens/mint-token.js';
import { createAuthTable } from './auth-table.js';

describe('createAuthTable', () => {
  it('every kind but valid fails the reference authenticator, even when signed with the right secret', async () => {
    const secret = 'auth-table-secret';
    const table = createAuthTable({ validToken: await mintToken({ secret }), secret });
    const authenticate = createAuthenticator(secret);
    for (const [kind, material] of Object.entries(table)) {
      assert.equal(await authenticate(material.authorization), kind === 'valid', kind);
    }
    assert.match(table['in-query-string'].query ?? '', /^access_token=/);
    assert.equal(table['in-query-string'].authorization, undefined);
  });
});
