import { ConnectionFailure } from '../../connection/connection-failure.js';
import { listedRecords } from '../../contract/listed-records.js';
import type { ConnectionSession } from '../../connection/open-connection.js';
import { INDEX_DEFINITIONS } from '../../server/core/index.js';

/** How long an interrupted run may take to read back what it left, from the signal: then it ends at once. */
export const READ_BACK_DEADLINE_MS = 10_000;

/** What the run left on the target, as one read of every index after the run shows it. */
export interface RunLeftovers {
  /** Records of the run still there, as `<index> <id>` (index names of the spec: event, network-link-type, agent). */
  ids: string[];
  /** Indices the read could not read (no answer, or not a list): what the run left there is unknown. */
  unverified: string[];
  /** One shell line per leftover that deletes it (curl, with the token left as $TOKEN). */
  deleteCommands: string[];
  /** No read got any answer (refused, reset, timed out): the target is not answering now. */
  unreachable?: boolean | undefined;
}

/** True when a record is the run's: its id, or a top-level string field (a marker), starts with the run prefix. */
export function isRunRecord(record: Record<string, unknown>, runPrefix: string): boolean {
  return Object.values(record).some((value) => typeof value === 'string' && value.startsWith(runPrefix));
}

/** The records of a read's answer: a 200 list, nothing for 204/404 (an empty index), else undefined. */
function recordsOfAnswer(status: number, body: Buffer): Array<Record<string, unknown>> | undefined {
  try {
    const data: unknown = status === 200 ? JSON.parse(body.toString('utf8')) : undefined;
    return listedRecords(status, data)?.filter(
      (r): r is Record<string, unknown> => typeof r === 'object' && r !== null && typeof (r as { id?: unknown }).id === 'string',
    );
  } catch {
    return undefined;
  }
}

/** A curl line that deletes one record (§4.1: DELETE {base}/{id}); the token stays a variable, never printed. */
export function curlDelete(session: Pick<ConnectionSession, 'url' | 'settings'>, basePath: string, id: string): string {
  const scheme = session.settings.auth.scheme;
  const auth = `Authorization: ${scheme === '' ? '' : `${scheme} `}$TOKEN`;
  const headers = session.settings.headers.map((h) => ` -H '${h.name}: …'`).join('');
  return `curl -X DELETE -H "${auth}"${headers} '${session.url(`${basePath}/${encodeURIComponent(id)}`).href}'`;
}

/**
 * Reads every index once after the run and lists what carries the run prefix: the clean-up is
 * judged by what the target holds, not by the deletes that answered — a delete whose connection
 * dropped or timed out, or a target that died before the clean-up, leaves records the deletes'
 * answers never show. A read is a plain GET of the index (no query), built like every request
 * (the headers every operation lists, §4.1), paced like every request; none is sent or waited for
 * past `until` (epoch ms), if given. An index whose read got no answer, or an answer that is not a
 * list (a failing token, a refusal), is unverified: what the run left there is unknown.
 */
export async function readRunLeftovers(session: ConnectionSession, runPrefix: string, until?: number): Promise<RunLeftovers> {
  const result: RunLeftovers = { ids: [], unverified: [], deleteCommands: [] };
  let silent = 0;
  for (const definition of INDEX_DEFINITIONS) {
    let records: Array<Record<string, unknown>> | undefined;
    try {
      const answer = await session.send({ method: 'GET', path: definition.basePath }, { until });
      records = recordsOfAnswer(answer.status, answer.body);
    } catch (error) {
      if (!(error instanceof ConnectionFailure)) throw error;
      if (error.kind === 'url' || error.kind === 'timeout' || error.kind === 'stopped') silent++;
    }
    if (records === undefined) {
      result.unverified.push(definition.name);
      continue;
    }
    for (const record of records.filter((r) => isRunRecord(r, runPrefix))) {
      const id = record['id'] as string;
      result.ids.push(`${definition.name} ${id}`);
      result.deleteCommands.push(curlDelete(session, definition.basePath, id));
    }
  }
  if (silent === INDEX_DEFINITIONS.length) result.unreachable = true;
  return result;
}
