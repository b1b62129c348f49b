// How near a JWT is to its expiry, read from its payload without verifying it (the server does
// that). Shared by the client's token provider and the command's --token-command, so both renew
// a token at the same moment. Browser-safe: atob and TextDecoder, no Buffer.

/** Seconds since the epoch at which a JWT expires and was issued, when it says so. */
export function readTokenTimes(token: string): { exp?: number; iat?: number } {
  const payload = token.split('.')[1];
  if (payload === undefined) return {};
  try {
    const claims = JSON.parse(decodeBase64Url(payload)) as { exp?: unknown; iat?: unknown };
    return {
      ...(typeof claims.exp === 'number' ? { exp: claims.exp } : {}),
      ...(typeof claims.iat === 'number' ? { iat: claims.iat } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * Whether a token should be replaced before it is sent: its `exp` is less than a quarter of its
 * life away (at most 30 s), so a 2-second token is renewed half a second early and a 1-hour one
 * 30 s early. A token without `exp` (opaque) is replaced only after a 401.
 */
export function expiresSoon(token: string, obtainedAtMs: number, nowMs = Date.now()): boolean {
  const { exp, iat } = readTokenTimes(token);
  if (exp === undefined) return false;
  const issuedMs = iat !== undefined ? iat * 1000 : obtainedAtMs;
  const margin = Math.min(30_000, Math.max(0, exp * 1000 - issuedMs) / 4);
  return exp * 1000 - nowMs <= margin;
}

function decodeBase64Url(text: string): string {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
