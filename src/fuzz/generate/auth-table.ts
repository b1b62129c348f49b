import { createHmac } from 'node:crypto';
import type { AuthKind } from './fuzz-step.js';

/** What a request carries for authentication: a header value, or a token in the query string (`access_token=…`: a token there must not count, §5). */
export type AuthMaterial = { authorization?: string; query?: string };

/** Keys of one side (target or model): its valid token, and its HS256 secret when known. */
export interface AuthKeys {
  validToken: string | undefined;
  /** With the secret, expired / not-yet-valid tokens are signed with the right key, so only the claim is wrong (RFC 7519 sections 4.1.4 and 4.1.5: never accepted). */
  secret: string | undefined;
  /** The word before the valid token (`--auth-scheme`); default `Bearer`, `''` sends it bare. The wrong tokens always go as Bearer. */
  scheme?: string | undefined;
}

const FOREIGN_SECRET = 'mgmt-kit-fuzz: a secret no deployment uses';
const HOUR = 3600;
const HS256 = { alg: 'HS256', typ: 'JWT' };
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signed(header: object, claims: object, secret: string, hash: 'sha256' | 'sha512' = 'sha256'): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`;
}

/**
 * Every way of authenticating the fuzzer tries, minted once per run so a replay sends the same bytes; all but `valid` must answer 401 (§5). Every token
 * naming another algorithm is signed with another key: over the real key's signature it may be accepted (NOT_ASKED token-algorithm-case).
 */
export function createAuthTable(keys: AuthKeys): Readonly<Record<AuthKind, AuthMaterial>> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: 'mgmt-kit-fuzz', iat: now, exp: now + HOUR };
  const key = keys.secret ?? FOREIGN_SECRET;
  const bearer = (token: string): AuthMaterial => ({ authorization: `Bearer ${token}` });
  // alg none as written and in other letter cases: a verifier that compares the algorithm ignoring case takes each for "none".
  const unsigned = Object.fromEntries(
    (['none', 'None', 'NONE', 'nOnE'] as const).map((alg) => [`alg-${alg}`, bearer(`${b64({ alg, typ: 'JWT' })}.${b64(claims)}.`)]),
  ) as Record<`alg-${'none' | 'None' | 'NONE' | 'nOnE'}`, AuthMaterial>;
  return {
    valid: keys.validToken === undefined ? {} : { authorization: keys.scheme === '' ? keys.validToken : `${keys.scheme ?? 'Bearer'} ${keys.validToken}` },
    missing: {},
    malformed: bearer('not.a.jwt'),
    ...unsigned,
    'foreign-secret': bearer(signed(HS256, claims, FOREIGN_SECRET)),
    'empty-key': bearer(signed(HS256, claims, '')),
    'hs256-foreign-signature': bearer(signed({ alg: 'hs256', typ: 'JWT' }, claims, FOREIGN_SECRET)),
    'rs256-header': bearer(signed({ alg: 'RS256', typ: 'JWT' }, claims, FOREIGN_SECRET)),
    hs512: bearer(signed({ alg: 'HS512', typ: 'JWT' }, claims, FOREIGN_SECRET, 'sha512')),
    expired: bearer(signed(HS256, { ...claims, iat: now - 2 * HOUR, exp: now - HOUR }, key)),
    'not-yet-valid': bearer(signed(HS256, { ...claims, nbf: now + HOUR, exp: now + 2 * HOUR }, key)),
    'basic-scheme': { authorization: `Basic ${Buffer.from('mgmt-kit:fuzz').toString('base64')}` },
    'in-query-string': keys.validToken === undefined ? {} : { query: `access_token=${encodeURIComponent(keys.validToken)}` },
  };
}
