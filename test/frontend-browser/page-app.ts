// The page of the cross-origin browser test: a tiny "frontend" on its own origin that uses the
// typed client (bundled for the browser with esbuild) against the reference server on another
// origin, and shows every answer on the page: a status line while a call is pending (a
// spinner's stand-in) and one log line per answer. The test drives it through `window.app`.
import { createClient } from '../../src/client/index.js';

/** What the page saw for one call. */
export interface PageSeen {
  label: string;
  /** The HTTP status, or `network error` when the browser gave the page no answer (CORS). */
  status: number | 'network error';
  /** The first envelope message, if the answer carried one. */
  message?: string;
  data?: unknown;
  /** Milliseconds from the call to the answer, as the page measured them. */
  ms: number;
}

/** The calls the test triggers. */
export interface PageApp {
  create(record: { id: string; kind: string }, headers?: Record<string, string>): Promise<PageSeen>;
  read(id?: string, headers?: Record<string, string>): Promise<PageSeen>;
  update(id: string, change: Record<string, string>): Promise<PageSeen>;
  remove(id: string): Promise<PageSeen>;
  /** `POST /__admin/reset`, with fetch (the admin routes are not in the typed client). */
  reset(): Promise<PageSeen>;
}

const params = new URLSearchParams(location.search);
const api = params.get('api') ?? '';
const client = createClient({ baseURL: api, token: params.get('token') ?? undefined });
const statusLine = document.querySelector('#status')!;
const log = document.querySelector('#log')!;

function firstMessage(data: unknown): string | undefined {
  const message: unknown = Array.isArray(data) ? (data[0] as { message?: unknown } | undefined)?.message : undefined;
  return message === undefined ? undefined : typeof message === 'string' ? message : JSON.stringify(message);
}

async function run(label: string, call: () => Promise<{ status: number; data: unknown }>): Promise<PageSeen> {
  statusLine.textContent = `loading: ${label}`;
  const started = performance.now();
  let seen: PageSeen;
  try {
    const result = await call();
    const message = firstMessage(result.data);
    seen = { label, status: result.status, data: result.data, ms: Math.round(performance.now() - started), ...(message ? { message } : {}) };
  } catch (error) {
    seen = { label, status: 'network error', message: (error as Error).message, ms: Math.round(performance.now() - started) };
  }
  statusLine.textContent = `done: ${label}`;
  const item = document.createElement('li');
  const detail = seen.message ?? (seen.data === undefined ? '(no body)' : JSON.stringify(seen.data));
  item.textContent = `${label} → ${seen.status} ${detail}`;
  log.append(item);
  return seen;
}

const app: PageApp = {
  create: (record, headers) => run(`create ${record.id}`, () => client.events.create({ body: record, headers })),
  read: (id, headers) => run(`read ${id ?? 'all'}`, () => client.events.read({ id, headers })),
  update: (id, change) => run(`update ${id}`, () => client.events.update({ id, body: change })),
  remove: (id) => run(`delete ${id}`, () => client.events.delete({ id })),
  reset: () =>
    run('reset', async () => {
      const response = await fetch(`${api}/__admin/reset`, { method: 'POST' });
      return { status: response.status, data: await response.json() };
    }),
};
(window as unknown as { app: PageApp }).app = app;
statusLine.textContent = 'ready';
