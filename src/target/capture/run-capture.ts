import { rename, writeFile } from 'node:fs/promises';
import type { ConnectionSettings } from '../../connection/connection-settings.js';
import { openConnection, type ConnectionSession } from '../../connection/open-connection.js';
import { checkTarget } from '../run/check-target.js';
import {
  INDEX_DEFINITIONS,
  indexLabels,
  type IndexName,
  type JsonObject,
  type SeedData,
  type IndexDefinition,
  findSeedProblems,
  getSharedRecordValidator,
} from '../../server/core/index.js';
import { ConnectionFailure } from '../../connection/connection-failure.js';

/** What `mgmt-kit capture` was asked to do, its flags read and checked. */
export interface CaptureOptions {
  connection: ConnectionSettings;
  /** The indices to read, in the description's order. */
  indices: readonly IndexName[];
  where?: Record<string, unknown> | undefined;
  /** Keep the records the create schemas refuse (then `serve --seed` refuses the file, naming them). */
  keepInvalid: boolean;
  /** A file (written whole, by rename), or undefined for standard output. */
  out?: string | undefined;
  stdout: NodeJS.WritableStream;
  /** Progress, the refused records and the closing line: kept off stdout, which may carry the file. */
  stderr: NodeJS.WritableStream;
  /** `--no-preload-check` gives false: the pre-flight does not take an empty network link type index for a wrong path prefix. */
  preloadCheck?: boolean | undefined;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Captures a running deployment into a start-record file, the shape `serve --seed` and
 * `createHandlers({ seed })` take: the pre-flight of conformance, one GET per index (nothing
 * else is ever sent), each record checked as a seed record is. A record the create schemas
 * refuse is reported on one line with its reason and left out, or kept with `keepInvalid`.
 * Resolves to the exit code: 0 written, 1 an index could not be read (nothing written), 2 the
 * pre-flight failed.
 */
export async function runCapture(options: CaptureOptions): Promise<number> {
  const { stderr } = options;
  const session = openConnection(options.connection);
  try {
    const problem = await checkTarget(session, { preloadCheck: options.preloadCheck ?? true });
    if (problem !== undefined) {
      stderr.write(`mgmt-kit capture: ${problem} Nothing was captured.\n`);
      return 2;
    }
    const seed: SeedData = {};
    const refused: RefusedRecord[] = [];
    for (const definition of INDEX_DEFINITIONS.filter((d) => options.indices.includes(d.name))) {
      const read = await readIndex(session, definition, options.where);
      if (!read.ok) {
        stderr.write(`mgmt-kit capture: ${read.error}. Nothing was written.\n`);
        return 1;
      }
      const sorted = sortCapturedRecords(definition.name, read.records as JsonObject[]);
      refused.push(...sorted.refused);
      seed[definition.name] = options.keepInvalid ? (read.records as JsonObject[]) : sorted.valid;
    }
    for (const record of refused) {
      stderr.write(
        `${options.keepInvalid ? 'kept, though a seed refuses it' : 'left out'}: ${record.index} ${record.id === undefined ? '(no id)' : `"${record.id}"`}: ${record.reason}\n`,
      );
    }
    const text = `${JSON.stringify(seed, null, 2)}\n`;
    if (options.out === undefined) options.stdout.write(text);
    else {
      // Written beside and renamed: a reader never sees half a file, and a failed capture leaves the old one.
      const partial = `${options.out}.partial-${process.pid}`;
      await writeFile(partial, text, 'utf8');
      await rename(partial, options.out);
    }
    const counts = Object.entries(seed).map(([name, records]) => {
      const label = indexLabels(name as IndexName);
      return plural(records.length, label.one, label.many);
    });
    const refusedNote =
      refused.length === 0
        ? ''
        : options.keepInvalid
          ? `; ${plural(refused.length, 'record', 'records')} kept that the create schemas refuse (serve --seed refuses this file until they are fixed)`
          : `; ${plural(refused.length, 'record', 'records')} left out (the create schemas refuse them; --keep-invalid keeps them)`;
    stderr.write(`mgmt-kit capture: ${counts.join(', ')} from ${options.connection.baseUrl} → ${options.out ?? 'standard output'}${refusedNote}\n`);
    return 0;
  } finally {
    session.close();
  }
}

/** What one read of an index gave: its records, or why they cannot be taken. */
export type IndexRead = { ok: true; records: Array<Record<string, unknown>> } | { ok: false; error: string };

/**
 * Reads every record of one index with one `GET {base}` — the only method capture ever sends, so
 * a deployment is never changed. A `where` goes as the query body (§4.1). 200 with a JSON list is
 * the records; 204 and 404 are an empty index or nothing matching (§7, the faithful answers
 * `empty-index-read` and `read-finds-nothing`); anything else is a reason not to write a file.
 */
async function readIndex(session: ConnectionSession, index: IndexDefinition, where: Record<string, unknown> | undefined): Promise<IndexRead> {
  let answer;
  try {
    answer = await session.send({ method: 'GET', path: index.basePath, body: where === undefined ? undefined : JSON.stringify({ where }) });
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

/** A record a deployment holds that a start-record file cannot take as it is. */
export interface RefusedRecord {
  index: IndexName;
  id: string | undefined;
  reason: string;
}

/**
 * Splits the records read from one index into those a `--seed` file takes and those it would
 * refuse (a deployment may be older or looser than the create schemas): each is checked as
 * `serve --seed` checks it (findSeedProblems: the index's create schema, repeated entry ids in
 * an agent's lists), and an id seen before in the index is refused too.
 */
function sortCapturedRecords(index: IndexName, records: readonly JsonObject[]): { valid: JsonObject[]; refused: RefusedRecord[] } {
  const validate = getSharedRecordValidator();
  const valid: JsonObject[] = [];
  const refused: RefusedRecord[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    const id = typeof record['id'] === 'string' ? record['id'] : undefined;
    // One record at a time, so each problem belongs to it: "event[0]: …" names the record checked.
    const problem = findSeedProblems({ [index]: [record] }, validate)[0]?.replace(/^[^:]+\[0\]: /, '');
    if (problem !== undefined) refused.push({ index, id, reason: problem });
    else if (id !== undefined && seen.has(id)) refused.push({ index, id, reason: 'the index lists this id twice' });
    else valid.push(record);
    if (id !== undefined) seen.add(id);
  }
  return { valid, refused };
}
