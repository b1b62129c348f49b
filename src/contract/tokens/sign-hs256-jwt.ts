import { base64url, base64urlJson } from './base64url.js';

const encoder = new TextEncoder();
/** The protected header of every token the kit mints, as jose writes it for `{ alg: 'HS256', typ: 'JWT' }`. */
const HEADER = base64urlJson({ alg: 'HS256', typ: 'JWT' });

/**
 * An HS256 JWS in compact form (RFC 7515, section 7.1) of `claims`, signed with WebCrypto HMAC-SHA-256:
 * the bytes jose's SignJWT makes for the same header and claims in the same order, without
 * loading jose (./mint-token.ts). Throws when WebCrypto refuses the key (an empty one).
 */
export async function signHs256Jwt(claims: Record<string, unknown>, key: Uint8Array): Promise<string> {
  const signingInput = `${HEADER}.${base64urlJson(claims)}`;
  const cryptoKey = await crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(signingInput));
  return `${signingInput}.${base64url(new Uint8Array(signature))}`;
}
