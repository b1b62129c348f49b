import axios, { AxiosHeaders, type AxiosInstance } from 'axios';
import { normaliseHeaders } from '../client/index.js';
import type { ConnectionSession } from './open-connection.js';

/**
 * An axios instance whose adapter is the run's session: the typed client keeps speaking axios, and the session alone
 * decides time-out, token, cap, rate and throttling (axios' `timeout` is not used). A call that got no answer rejects
 * with the session's ConnectionFailure, which the client wraps.
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
