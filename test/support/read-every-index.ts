// Test helper (not a test): what a target holds, read over HTTP the way any client reads it, to
// compare a target before and after a run.
import { INDEX_DEFINITIONS, type IndexName } from '../../src/server/core/index-definitions.js';
import { sendRaw } from './test-server.js';

/** Every index's records, sorted by id; a read that lists nothing (200 [], 204, 404) is []. */
export async function readEveryIndex(baseUrl: string, token: string): Promise<Record<IndexName, unknown[]>> {
  const reads = INDEX_DEFINITIONS.map(async ({ name, basePath }) => {
    const answer = await sendRaw(baseUrl, 'GET', basePath, undefined, { authorization: `Bearer ${token}` });
    if (answer.status !== 200 && answer.status !== 204 && answer.status !== 404) throw new Error(`GET ${basePath} answered ${answer.status}: ${answer.text}`);
    const records = Array.isArray(answer.body) ? (answer.body as Array<{ id: string }>) : [];
    return [name, [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))] as const;
  });
  return Object.fromEntries(await Promise.all(reads)) as Record<IndexName, unknown[]>;
}
