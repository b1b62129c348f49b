import { base64url, base64urlJson as b64 } from './tokens/index.js';

/**
 * Every token or header that must fail authentication (§5), in the order the fuzzer draws them; never `hs256` over the right signature: whether that is
 * taken, the description does not say (NOT_ASKED token-algorithm-case).
 */
export const WRONG_AUTH_KINDS = [
  'missing',
  'malformed',
  'alg-none',
  'alg-None',
  'alg-NONE',
  'alg-nOnE',
  'foreign-secret',
  'empty-key',
  'hs256-foreign-signature',
  'rs256-header',
  'hs512',
  'expired',
  'not-yet-valid',
  'basic-scheme',
  'in-query-string',
] as const;
export type WrongAuthKind = (typeof WRONG_AUTH_KINDS)[number];
export type AuthKind = 'valid' | WrongAuthKind;

/** Unsigned tokens (RFC 7519 §6) whose header names `alg: none` as written and in other letter cases: a verifier comparing it ignoring case takes each for "none". */
export const UNSIGNED_KINDS = ['alg-none', 'alg-None', 'alg-NONE', 'alg-nOnE'] as const satisfies readonly WrongAuthKind[];
/** Tokens whose signature the deployment's key did not make: HS256 with an empty key (a server whose secret is unset verifies it), `hs256` in lower case over another key's signature. */
export const FORGED_KINDS = ['empty-key', 'hs256-foreign-signature'] as const satisfies readonly WrongAuthKind[];

/** What a request carries for authentication: a header value, or a token in the query string (`access_token=…`: a token there must not count, §5). */
export type AuthMaterial = { authorization?: string; query?: string };

/** Keys of one side (a target or the fuzzer's model): its valid token, and its HS256 secret when known. */
export interface AuthKeys {
  validToken: string | undefined;
  /** With the secret, expired / not-yet-valid tokens are signed with the right key, so only the claim is wrong (RFC 7519 sections 4.1.4 and 4.1.5: never accepted). */
  secret: string | undefined;
  /** The word before the valid token (`--auth-scheme`); default `Bearer`, `''` sends it bare. The wrong tokens always go as Bearer. */
  scheme?: string | undefined;
  /** Claims the deployment requires (`--jwt-claims`): every wrong token carries them, so what makes it wrong is the one thing its kind names. */
  claims?: Record<string, unknown> | undefined;
  /** The `sub` of every token: who sent it, in the target's logs. */
  subject?: string;
}

const FOREIGN_SECRET = 'mgmt-kit: a secret no deployment uses';
const HOUR = 3600;
const HS256 = { alg: 'HS256', typ: 'JWT' };
const encoder = new TextEncoder();

/** WebCrypto, as the rest of the contract (browser-safe), so the table runs wherever the mock does. */
async function signed(header: object, claims: object, secret: string, hash: 'SHA-256' | 'SHA-512' = 'SHA-256'): Promise<string> {
  const input = `${b64(header)}.${b64(claims)}`;
  // WebCrypto refuses a zero-length HMAC key; HMAC pads every key with zero bytes to its block (RFC 2104 section 2), so one zero byte signs as the empty key.
  const raw = secret === '' ? new Uint8Array(1) : encoder.encode(secret);
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash }, false, ['sign']);
  return `${input}.${base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(input))))}`;
}

/**
 * Every way of authenticating the kit tries, minted once so a replay sends the same bytes; all but `valid` must answer 401 (§5). The conformance steps send
 * {@link UNSIGNED_KINDS} and {@link FORGED_KINDS}, the fuzzer all of them. Every token naming another algorithm is signed with another key: over the real
 * key's signature it may be accepted (NOT_ASKED token-algorithm-case).
 */
export async function createAuthTable(keys: AuthKeys): Promise<Readonly<Record<AuthKind, AuthMaterial>>> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: keys.subject ?? 'mgmt-kit', ...keys.claims, iat: now, exp: now + HOUR };
  const key = keys.secret ?? FOREIGN_SECRET;
  const bearer = (token: string): AuthMaterial => ({ authorization: `Bearer ${token}` });
  const unsigned = Object.fromEntries(UNSIGNED_KINDS.map((kind) => [kind, bearer(`${b64({ alg: kind.slice(4), typ: 'JWT' })}.${b64(claims)}.`)]));
  return {
    valid: keys.validToken === undefined ? {} : { authorization: keys.scheme === '' ? keys.validToken : `${keys.scheme ?? 'Bearer'} ${keys.validToken}` },
    missing: {},
    malformed: bearer('not.a.jwt'),
    ...(unsigned as Record<(typeof UNSIGNED_KINDS)[number], AuthMaterial>),
    'foreign-secret': bearer(await signed(HS256, claims, FOREIGN_SECRET)),
    'empty-key': bearer(await signed(HS256, claims, '')),
    'hs256-foreign-signature': bearer(await signed({ alg: 'hs256', typ: 'JWT' }, claims, FOREIGN_SECRET)),
    'rs256-header': bearer(await signed({ alg: 'RS256', typ: 'JWT' }, claims, FOREIGN_SECRET)),
    hs512: bearer(await signed({ alg: 'HS512', typ: 'JWT' }, claims, FOREIGN_SECRET, 'SHA-512')),
    expired: bearer(await signed(HS256, { ...claims, iat: now - 2 * HOUR, exp: now - HOUR }, key)),
    'not-yet-valid': bearer(await signed(HS256, { ...claims, nbf: now + HOUR, exp: now + 2 * HOUR }, key)),
    'basic-scheme': { authorization: `Basic ${btoa('mgmt-kit:fuzz')}` },
    'in-query-string': keys.validToken === undefined ? {} : { query: `access_token=${encodeURIComponent(keys.validToken)}` },
  };
}

/** The token a Bearer entry of the table carries. */
export const bearerToken = (material: AuthMaterial): string => (material.authorization ?? '').replace(/^Bearer /, '');
