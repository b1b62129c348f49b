import { rename, writeFile } from 'node:fs/promises';
import type { ConnectionSettings } from '../connection/connection-settings.js';
import { openConnection } from '../connection/open-connection.js';
import { checkTarget } from '../run/check-target.js';
import { INDEX_DEFINITIONS, indexLabels, type IndexName, type JsonObject, type SeedData } from '../reference-server/core/index.js';
import { readIndex } from './read-index.js';
import { sortCapturedRecords, type RefusedRecord } from './sort-captured-records.js';

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
    const problem = await checkTarget(session);
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
