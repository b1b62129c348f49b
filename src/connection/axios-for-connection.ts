import axios, { AxiosHeaders, type AxiosInstance } from 'axios';
import { normaliseHeaders } from '../client/index.js';
import type { ConnectionSession } from './open-connection.js';

/**
 * An axios instance whose adapter is the run's session: the typed client keeps speaking axios,
 * and every call it makes goes as it built it through {@link ConnectionSession.send}, which alone
 * decides the time-out, the token, the connection cap, the rate and throttling (axios' own
 * `timeout` is not used). The answer comes back as text, as the client asks for it; a call that
 * got no answer rejects with the session's ConnectionFailure, which the client wraps.
 */
export function axiosForConnection(session: ConnectionSession): AxiosInstance {
  const instance: AxiosInstance = axios.create({
    // The connection reads the proxy variables itself; axios must not apply them a second time.
    proxy: false,
    adapter: async (config) => {
      const headers = normaliseHeaders(AxiosHeaders.from(config.headers).toJSON());
      const data: unknown = config.data;
      const body = typeof data === 'string' || Buffer.isBuffer(data) ? data : data === undefined || data === null ? undefined : JSON.stringify(data);
      const answer = await session.send({ method: (config.method ?? 'get').toUpperCase(), path: instance.getUri(config), headers, body, asIs: true });
      const text = answer.body.toString('utf8');
      return { data: text, status: answer.status, statusText: answer.statusText, headers: AxiosHeaders.from(answer.headers), config, request: {} };
    },
  });
  return instance;
}
