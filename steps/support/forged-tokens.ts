import { createHmac } from 'node:crypto';

const HOUR = 3600;
const base64urlJson = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A key no deployment uses: a token signed with it carries a signature the deployment's key did not make. */
const FOREIGN_KEY = 'mgmt-kit conformance: not the deployment key';

/** Header and claims as base64url, with the claims a deployment may require (--jwt-claims) and a lifetime of an hour. */
function signingInput(header: object, claims: Record<string, unknown> | undefined): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64urlJson(header)}.${base64urlJson({ sub: 'mgmt-kit', ...claims, iat: now, exp: now + HOUR })}`;
}

const hs256 = (input: string, key: string) => createHmac('sha256', key).update(input).digest('base64url');

/**
 * Unsigned tokens (RFC 7519 §6, "unsecured") whose header names `alg: none` as written and in
 * other letter cases: a verifier that compares the algorithm ignoring case, or lower-cases it
 * first, takes them all for "none" (§5: authentication fails → 401).
 */
export function unsignedTokens(claims?: Record<string, unknown>): ReadonlyArray<[label: string, token: string]> {
  return ['none', 'None', 'NONE', 'nOnE'].map((alg) => [`with alg "${alg}"`, `${signingInput({ alg, typ: 'JWT' }, claims)}.`]);
}

/**
 * Tokens whose signature the deployment's key did not make, each well formed and unexpired: one
 * signed HS256 with an empty key (what a server whose secret is unset, or a library given "",
 * verifies), one whose header names its algorithm `hs256` in lower case over a signature of
 * another key (what a verifier that takes an unknown spelling for "no check" lets through).
 */
export function forgedTokens(claims?: Record<string, unknown>): ReadonlyArray<[label: string, token: string]> {
  const emptyKey = signingInput({ alg: 'HS256', typ: 'JWT' }, claims);
  const lowerCase = signingInput({ alg: 'hs256', typ: 'JWT' }, claims);
  return [
    ['signed HS256 with an empty key', `${emptyKey}.${hs256(emptyKey, '')}`],
    ['with alg "hs256" over a signature of another key', `${lowerCase}.${hs256(lowerCase, FOREIGN_KEY)}`],
  ];
}
