import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerPreflight, isPreflight, readCorsHeaders, type CorsOptions } from '../controls/index.js';
import { writeCoreResponse } from './create-request-listener.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Wraps the node:http listener with CORS (on by default for `mgmt-kit serve`): a preflight is
 * answered 204 here, before the body, routing or the token are looked at; every other answer —
 * the core's, the 413 and 500 of the listener, /docs and the spec files — gets
 * `Access-Control-Allow-Origin` and `Access-Control-Expose-Headers`, set on the response before
 * the listener writes its own headers (node merges them).
 */
export function withCors(listener: Listener, options: CorsOptions, onPreflight?: (path: string, durationMs: number) => void): Listener {
  return (req, res) => {
    const started = performance.now();
    const headers = {
      origin: firstHeader(req.headers.origin),
      'access-control-request-method': firstHeader(req.headers['access-control-request-method']),
      'access-control-request-headers': firstHeader(req.headers['access-control-request-headers']),
    };
    const method = req.method ?? 'GET';
    if (isPreflight({ method, headers })) {
      res.on('finish', () => onPreflight?.((req.url ?? '/').split(/[?#]/, 1)[0]!, performance.now() - started));
      writeCoreResponse(res, answerPreflight({ headers }, options));
      req.resume(); // a preflight has no body; drain whatever came so the connection stays usable
      return;
    }
    for (const [name, value] of Object.entries(readCorsHeaders(headers.origin, options))) res.setHeader(name, value);
    return listener(req, res);
  };
}
