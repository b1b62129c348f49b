import { base64urlJson } from './base64url.js';

const HOUR = 3600;

/**
 * A JWT with `alg: none` and no signature (RFC 7519 §6, "unsecured"): well formed and unexpired,
 * so only a server that verifies signatures refuses it. It needs no secret, so it runs against
 * any deployment (§5: authentication fails → 401).
 */
export function unsignedJwt(subject = 'mgmt-kit'): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64urlJson({ alg: 'none', typ: 'JWT' })}.${base64urlJson({ sub: subject, iat: now, exp: now + HOUR })}.`;
}
