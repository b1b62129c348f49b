/** How a request reached the server: its Host header and the socket's local end. */
export interface ReachedVia {
  /** The Host header as received (client-controlled, so it is checked before use). */
  hostHeader?: string | undefined;
  /** The local address of the connection, e.g. `127.0.0.1`, `::1`, `::ffff:10.0.0.5`. */
  localAddress?: string | undefined;
  localPort?: number | undefined;
}

// RFC 9110 section 7.2 / RFC 3986 section 3.2.2: a reg-name or IPv4 address, or an IPv6 literal in brackets,
// then an optional port. Anything else (spaces, quotes, slashes, userinfo) is not a host and
// must not reach the served spec, where Swagger UI would send requests to it.
const HOST_HEADER = /^(?:[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_])?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

function originFromHostHeader(hostHeader: string | undefined): string | undefined {
  const host = hostHeader?.trim();
  if (!host) return undefined;
  const match = HOST_HEADER.exec(host);
  if (!match) return undefined;
  if (match[1] !== undefined && Number(match[1]) > 65535) return undefined;
  return `http://${host.toLowerCase()}`;
}

function originFromSocket(localAddress: string | undefined, localPort: number | undefined): string {
  // A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d; the plain form is the one to call.
  const address = (localAddress ?? '127.0.0.1').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  const host = address.includes(':') ? `[${address}]` : address;
  return localPort === undefined ? `http://${host}` : `http://${host}:${localPort}`;
}

/**
 * The origin (`http://host:port`) a client used to reach this server: the Host header when it
 * is a valid host, else the local end of the connection (HTTP/1.0 clients may send no Host).
 * Served in the spec's `servers` so that Swagger UI's "Try it out" and other tools call the
 * server that served the document, on whatever port or name it was reached.
 *
 * @example
 * servingOrigin({ hostHeader: 'localhost:9000' });                     // 'http://localhost:9000'
 * servingOrigin({ localAddress: '::ffff:127.0.0.1', localPort: 9000 }); // 'http://127.0.0.1:9000'
 */
export function servingOrigin(via: ReachedVia): string {
  return originFromHostHeader(via.hostHeader) ?? originFromSocket(via.localAddress, via.localPort);
}
