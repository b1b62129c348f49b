/**
 * @module tokens
 * The kit's tokens (§5, x-decisions auth-header): one minter ({@link mintToken}) for the servers
 * it starts, the CLI's `token`, the conformance steps and the fuzzer, and one verifier
 * ({@link createAuthenticator}) for the reference core. Browser-safe (WebCrypto and jose), and
 * below every other part: it imports nothing of the kit. Shipped as `@mgmt-kit/mock/tokens`.
 */
export { createAuthenticator } from './authenticate.js';
export { mintToken, generateSecret } from './mint-token.js';
export { unsignedJwt } from './unsigned-jwt.js';
export { parseJwtClaims } from './jwt-claims.js';
export { EMPTY_SECRET } from './jwt-secret.js';
export { base64url, base64urlJson } from './base64url.js';

export type { Authenticator, AuthenticatorOptions } from './authenticate.js';
export type { MintTokenOptions, TokenKind } from './mint-token.js';
export type { JwtClaims } from './jwt-claims.js';
export type { JwtSecret } from './jwt-secret.js';
