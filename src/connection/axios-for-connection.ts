import axios, { AxiosError, AxiosHeaders, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { ConnectionFailure } from './connection-failure.js';
import type { ConnectionSession } from './open-connection.js';

const CODES: Record<ConnectionFailure['kind'], string> = {
  url: 'ERR_NETWORK',
  tls: 'ERR_NETWORK',
  proxy: 'ERR_NETWORK',
  token: 'ERR_NETWORK',
  timeout: 'ETIMEDOUT',
  'cut-short': 'ECONNABORTED',
  throttled: 'ERR_BAD_RESPONSE',
};

function bodyOf(data: unknown): Buffer | string | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof data === 'string' || Buffer.isBuffer(data)) return data;
  if (data instanceof Uint8Array) return Buffer.from(data);
  return JSON.stringify(data);
}

/**
 * An axios instance whose requests go through the run's connection (connection-session): the
 * typed client and the conformance steps keep speaking axios, while pacing, headers, token,
 * TLS, proxy, time-outs and throttling are handled in one place. The answer comes back as text,
 * as the client asks for it; a request that got no answer rejects with an AxiosError whose
 * `cause` is the ConnectionFailure saying why.
 */
export function axiosForConnection(session: ConnectionSession): AxiosInstance {
  const instance: AxiosInstance = axios.create({
    // The connection reads the proxy variables itself; axios must not apply them a second time.
    proxy: false,
    adapter: async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
        if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
      }
      const url = instance.getUri({
        ...(config.baseURL ? { baseURL: config.baseURL } : {}),
        ...(config.url ? { url: config.url } : {}),
        params: config.params as unknown,
      });
      let answer;
      try {
        answer = await session.send(
          { method: (config.method ?? 'get').toUpperCase(), path: url, headers, body: bodyOf(config.data) },
          { timeoutMs: config.timeout ? config.timeout : undefined },
        );
      } catch (error) {
        if (!(error instanceof ConnectionFailure)) throw error;
        const wrapped = new AxiosError(error.message, error.code ?? CODES[error.kind], config);
        wrapped.cause = error;
        throw wrapped;
      }
      const response: AxiosResponse = {
        data: config.responseType === 'arraybuffer' ? answer.body : answer.body.toString('utf8'),
        status: answer.status,
        statusText: answer.statusText,
        headers: AxiosHeaders.from(answer.headers),
        config,
        request: {},
      };
      if (config.validateStatus && !config.validateStatus(answer.status)) {
        throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
      }
      return response;
    },
  });
  return instance;
}
