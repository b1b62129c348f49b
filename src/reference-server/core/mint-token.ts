import { loadJose } from './load-jose.js';
import { secretKey, type JwtSecret } from './jwt-secret.js';

/** Options of {@link mintToken}. */
export interface MintTokenOptions {
  secret: JwtSecret;
  /** Lifetime as a jose time span: `'1h'`, `'24h'`, `'30m'`, `'90s'`. Default `'24h'`. */
  expiresIn?: string;
  /** `sub` claim; default `mgmt-kit`. */
  subject?: string;
}

/**
 * Mints an HS256 JWT the reference server accepts (§5: how a token is obtained is not
 * shown, so the kit mints its own). Not mutated (stryker.config.json, docs/mutation/README.md): the
 * service never mints a token, no request reaches this file.
 *
 * @example const token = await mintToken({ secret: 's', expiresIn: '1h' });
 */
export async function mintToken(options: MintTokenOptions): Promise<string> {
  const { SignJWT } = await loadJose();
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.subject ?? 'mgmt-kit')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '24h')
    .sign(secretKey(options.secret));
}

/** A random 256-bit secret as base64url text, for a server started without one. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
