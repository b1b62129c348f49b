import { base64url } from './base64url.js';
import { loadJose } from './load-jose.js';
import { secretKey, type JwtSecret } from './jwt-secret.js';
import { signHs256Jwt } from './sign-hs256-jwt.js';

/** Which kind of token to mint: a valid one, or one that must fail authentication (§5). */
export type TokenKind = 'valid' | 'expired' | 'not-yet-valid' | 'wrong-signature';

/** Options of {@link mintToken}. */
export interface MintTokenOptions {
  secret: JwtSecret;
  /**
   * Lifetime of a valid token: a number of milliseconds (what the kit's duration grammar,
   * `@mgmt-kit/mock/duration`, reads `90`, `500ms` or `2h` as; `mgmt-kit token --expires` passes
   * that), or a jose time span (`'1h'`, `'24h'`, `'30m'`, `'90s'`, `'2 weeks'`). Default `'24h'`.
   * A JWT's `exp` is in whole seconds: a lifetime under a second gives a token that expires
   * within the second.
   */
  expiresIn?: string | number;
  /** `sub` claim; default the `sub` of `claims`, else `mgmt-kit`. */
  subject?: string;
  /** Extra claims a deployment requires (iss, aud, roles, …); they do not change the flaw of a failing kind. */
  claims?: Readonly<Record<string, unknown>> | undefined;
  /** Default `valid`. */
  kind?: TokenKind | undefined;
}

const HOUR = 3600;

/** A lifetime of whole seconds, minutes, hours or days (`30m`, `24h`, `7d`): minted without jose. */
const PLAIN_SPAN = /^(\d{1,9})([smhd])$/;
const SECONDS_PER_UNIT: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * Mints an HS256 JWT (§5: how a token is obtained is not shown, so the kit mints its own): the
 * one minter of the kit, for the servers it starts, the CLI's `token`, the conformance steps and
 * the fuzzer. The failing kinds keep the shape of a good token, so a server that only checks the
 * shape is caught: `expired` has `exp` an hour ago, `not-yet-valid` has `nbf` an hour ahead,
 * `wrong-signature` is signed with another key. Not mutated (stryker.config.json,
 * docs/mutation/README.md): the service never mints a token, no request reaches this file.
 *
 * A valid token of a plain lifetime or a number of milliseconds without extra claims (`24h`, the one `mgmt-kit serve` prints a token with) is signed with WebCrypto
 * (./sign-hs256-jwt.ts), so a server starts without loading jose; any other time span jose reads
 * (`90 minutes`, `1.5h`, `2 weeks`), extra claims and the failing kinds are minted by jose. Both give the same token: header
 * `{alg, typ}`, claims `{sub, iat, exp}` (src/contract/tokens/mint-token.test.ts).
 *
 * @example const token = await mintToken({ secret: 's', expiresIn: '1h' });
 */
export async function mintToken(options: MintTokenOptions): Promise<string> {
  const kind = options.kind ?? 'valid';
  const claims = options.claims ?? {};
  const claimedSubject = typeof claims['sub'] === 'string' ? claims['sub'] : undefined;
  const subject = options.subject ?? claimedSubject ?? 'mgmt-kit';
  const expiresIn = options.expiresIn ?? '24h';
  const nowMs = Date.now();
  const expiry = expiryOf(expiresIn, nowMs);
  if (kind === 'valid' && expiry !== undefined && Object.keys(claims).length === 0) {
    return signHs256Jwt({ sub: subject, iat: Math.floor(nowMs / 1000), exp: expiry }, secretKey(options.secret));
  }
  const { SignJWT } = await loadJose();
  const now = Math.floor(nowMs / 1000);
  const jwt = new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(subject);
  if (kind === 'expired') jwt.setIssuedAt(now - 2 * HOUR).setExpirationTime(now - HOUR);
  else if (kind === 'not-yet-valid')
    jwt
      .setIssuedAt(now)
      .setNotBefore(now + HOUR)
      .setExpirationTime(now + 2 * HOUR);
  else jwt.setIssuedAt(now).setExpirationTime(expiry ?? (expiresIn as string));
  return jwt.sign(kind === 'wrong-signature' ? otherKey(secretKey(options.secret)) : secretKey(options.secret));
}

/**
 * The `exp` claim (whole seconds since the epoch) of a lifetime in milliseconds or of a plain span
 * (`30m`, `24h`, `7d`), minted without jose; undefined for a span only jose reads (`2 weeks`).
 */
function expiryOf(expiresIn: string | number, nowMs: number): number | undefined {
  if (typeof expiresIn === 'number') {
    if (!Number.isFinite(expiresIn) || expiresIn < 0) throw new RangeError(`expiresIn: ${expiresIn} is not a lifetime in milliseconds`);
    return Math.floor((nowMs + expiresIn) / 1000);
  }
  const plain = PLAIN_SPAN.exec(expiresIn);
  return plain ? Math.floor(nowMs / 1000) + Number(plain[1]) * SECONDS_PER_UNIT[plain[2]!]! : undefined;
}

/** A key that is not the secret's: its bytes with a suffix. */
function otherKey(key: Uint8Array): Uint8Array {
  const suffix = new TextEncoder().encode('-but-not-the-right-one');
  const other = new Uint8Array(key.length + suffix.length);
  other.set(key);
  other.set(suffix, key.length);
  return other;
}

/** A random 256-bit secret as base64url text, for a server started without one. */
export function generateSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}
