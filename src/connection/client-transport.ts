import { normaliseHeaders, type ClientTransport } from '../client/index.js';
import type { ConnectionSession } from './open-connection.js';

/** The typed client's transport through the run's session, which alone decides time-out, token, cap, rate and throttling. */
export function clientTransport(session: ConnectionSession): ClientTransport {
  return async ({ method, url, headers, body }) => {
    const answer = await session.send({ method: method.toUpperCase(), path: url, headers: normaliseHeaders(headers), body, asIs: true });
    return { status: answer.status, headers: answer.headers, body: answer.body.toString('utf8') };
  };
}
