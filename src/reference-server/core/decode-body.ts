// Stryker disable next-line BooleanLiteral,ObjectLiteral: kit-only: bytes that are not UTF-8, x-decisions malformed-json (docs/mutation/SURVIVORS.md)
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lossyUtf8 = new TextDecoder('utf-8');

/**
 * Decodes body bytes as UTF-8 for a {@link CoreRequest}: `notUtf8` flags invalid sequences (the
 * text is then a lossy decoding the core refuses with 400, x-decisions malformed-json) instead
 * of replacing them silently. Browser-safe, so the node:http and msw adapters share it.
 */
export function decodeBody(bytes: Uint8Array): { text: string; notUtf8: boolean } {
  try {
    return { text: strictUtf8.decode(bytes), notUtf8: false };
  } catch {
    // Stryker disable next-line BooleanLiteral,ObjectLiteral: kit-only: bytes that are not UTF-8, x-decisions malformed-json (docs/mutation/SURVIVORS.md)
    return { text: lossyUtf8.decode(bytes), notUtf8: true };
  }
}
