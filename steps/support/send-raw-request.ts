import axios, { type AxiosInstance } from 'axios';
import { indexOperations, NetworkError, normaliseHeaders, parseJsonOrUndefined, type ClientIndexKey } from '../../src/client/index.js';
import type { CallOutcome } from './call-outcome.js';

/** A request the typed client would never send: any body text, any Content-Type. */
export interface RawRequest {
  baseUrl: string;
  index: ClientIndexKey;
  method: 'POST' | 'GET' | 'PUT' | 'DELETE';
  id?: string | undefined;
  /** The id as it goes into the path, when not as encodeURIComponent writes it (a "+" sent as itself). */
  encodedId?: string | undefined;
  /** Query string appended to the path, `?` included (the `q` parameter, an extension). */
  search?: string | undefined;
  /** Body text sent as is. */
  body: string;
  contentType: string;
  /** Full Authorization header value. */
  authorization: string;
  timeoutMs: number;
  /** Sends it: the run's connection (world.connection.http). */
  http: AxiosInstance;
}

const slot = { POST: 'create', GET: 'read', PUT: 'update', DELETE: 'delete' } as const;

/**
 * Sends a raw request with axios (as the client does, so GET and 205 bodies travel) and returns
 * the outcome under the operationId the spec gives that method and path.
 */
export async function sendRawRequest(request: RawRequest): Promise<CallOutcome> {
  const ops = indexOperations[request.index];
  const operation = ops[slot[request.method]][request.id === undefined ? 0 : 1];
  const path = request.id === undefined ? ops.basePath : `${ops.basePath}/${request.encodedId ?? encodeURIComponent(request.id)}`;
  const url = `${path}${request.search ?? ''}`;
  let response;
  try {
    response = await request.http.request<string>({
      baseURL: request.baseUrl,
      url,
      method: request.method,
      headers: { 'Content-Type': request.contentType, Accept: 'application/json', Authorization: request.authorization },
      data: request.body,
      responseType: 'text',
      transformRequest: [(data: unknown) => data],
      transformResponse: [(raw: unknown) => raw],
      validateStatus: () => true,
      timeout: request.timeoutMs,
    });
  } catch (error) {
    throw new NetworkError(operation, axios.isAxiosError(error) ? error.code : undefined, { cause: error });
  }
  const rawBody = typeof response.data === 'string' ? response.data : '';
  return {
    operation,
    status: response.status,
    data: parseJsonOrUndefined(rawBody),
    rawBody,
    headers: normaliseHeaders(response.headers as Record<string, unknown>),
  };
}
