/** Base64url without padding (RFC 7515, section 2) of some bytes: the encoding of every part of a JWT. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Base64url of the UTF-8 bytes of a JSON value: a JWT header or claims set. */
export function base64urlJson(value: unknown): string {
  return base64url(new TextEncoder().encode(JSON.stringify(value)));
}
