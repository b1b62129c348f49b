import { loadJose } from './load-jose.js';
import { secretKey, type JwtSecret } from './jwt-secret.js';
import { signHs256Jwt } from './sign-hs256-jwt.js';

/** Options of {@link mintToken}. */
export interface MintTokenOptions {
  secret: JwtSecret;
  /** Lifetime as a jose time span: `'1h'`, `'24h'`, `'30m'`, `'90s'`. Default `'24h'`. */
  expiresIn?: string;
  /** `sub` claim; default `mgmt-kit`. */
  subject?: string;
}

/** A lifetime of whole seconds, minutes, hours or days (`30m`, `24h`, `7d`): minted without jose. */
const PLAIN_SPAN = /^(\d{1,9})([smhd])$/;
const SECONDS_PER_UNIT: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * Mints an HS256 JWT the reference server accepts (§5: how a token is obtained is not
 * shown, so the kit mints its own). Not mutated (stryker.config.json, docs/mutation/README.md): the
 * service never mints a token, no request reaches this file.
 *
 * A plain lifetime (`24h`, the one `mgmt-kit serve` prints a token with) is signed with WebCrypto
 * (./sign-hs256-jwt.ts), so a server starts without loading jose; any other time span jose reads
 * (`90 minutes`, `1.5h`, `2 weeks`) is minted by jose. Both give the same token: header
 * `{alg, typ}`, claims `{sub, iat, exp}` (src/reference-server/core/mint-token.test.ts).
 *
 * @example const token = await mintToken({ secret: 's', expiresIn: '1h' });
 */
export async function mintToken(options: MintTokenOptions): Promise<string> {
  const expiresIn = options.expiresIn ?? '24h';
  const subject = options.subject ?? 'mgmt-kit';
  const plain = PLAIN_SPAN.exec(expiresIn);
  if (plain) {
    const issuedAt = Math.floor(Date.now() / 1000);
    const lifetime = Number(plain[1]) * SECONDS_PER_UNIT[plain[2]!]!;
    return signHs256Jwt({ sub: subject, iat: issuedAt, exp: issuedAt + lifetime }, secretKey(options.secret));
  }
  const { SignJWT } = await loadJose();
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(secretKey(options.secret));
}

/** A random 256-bit secret as base64url text, for a server started without one. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
