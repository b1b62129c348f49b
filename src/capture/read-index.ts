import { ConnectionFailure } from '../connection/connection-failure.js';
import type { ConnectionSession } from '../connection/open-connection.js';
import type { IndexDefinition } from '../reference-server/core/index.js';

/** What one read of an index gave: its records, or why they cannot be taken. */
export type IndexRead = { ok: true; records: Array<Record<string, unknown>> } | { ok: false; error: string };

/**
 * Reads every record of one index with one `GET {base}` — the only method capture ever sends, so
 * a deployment is never changed. A `where` goes as the query body (§4.1). 200 with a JSON list is
 * the records; 204 and 404 are an empty index or nothing matching (§7, the faithful answers
 * `empty-index-read` and `read-finds-nothing`); anything else is a reason not to write a file.
 */
export async function readIndex(session: ConnectionSession, index: IndexDefinition, where: Record<string, unknown> | undefined): Promise<IndexRead> {
  const token = await session.token();
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (token !== undefined) headers['authorization'] = session.authorization(token);
  let answer;
  try {
    answer = await session.send({ method: 'GET', path: index.basePath, headers, body: where === undefined ? undefined : JSON.stringify({ where }) });
  } catch (error) {
    if (error instanceof ConnectionFailure) return { ok: false, error: error.message };
    throw error;
  }
  const text = answer.body.toString('utf8');
  const shown = `GET ${session.url(index.basePath).href} answered ${answer.status}`;
  if (answer.status === 204 || answer.status === 404) return { ok: true, records: [] };
  if (answer.status !== 200) return { ok: false, error: `${shown}: ${text.slice(0, 200) || '(no body)'}` };
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return { ok: false, error: `${shown} with a body that is not JSON: ${text.slice(0, 200)}` };
  }
  if (!Array.isArray(list) || !list.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
    return { ok: false, error: `${shown} with something other than a list of records: ${text.slice(0, 200)}` };
  }
  return { ok: true, records: list as Array<Record<string, unknown>> };
}
