/** The Authorization value of a token: `<scheme> <token>`, or the bare token with scheme `''`. */
export const authorizationOf = (scheme: string, token: string): string => (scheme === '' ? token : `${scheme} ${token}`);

/**
 * What the description lists for every operation (§4.1, §5), with or without a body: Accept and
 * Content-Type `application/json`, and Authorization when there is a token. The typed client and
 * the connection's own requests both start from these; a caller's headers go over them.
 */
export function describedHeaders(scheme: string, token: string | undefined): Record<string, string> {
  return { accept: 'application/json', 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: authorizationOf(scheme, token) }) };
}
