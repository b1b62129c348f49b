import { resolve } from 'node:path';
import { declareCommand } from '../command/declare-command.js';
import { UsageError } from '../command/usage-error.js';
import { CONNECTION_FLAGS } from '../shared-flags.js';
import { readConnection } from '../with-target.js';

const INDEX_NAMES = ['event', 'network-link-type', 'agent'] as const;
type CaptureIndex = (typeof INDEX_NAMES)[number];

/** `--index event,agent` → the names, each checked. */
function readIndexList(text: string): CaptureIndex[] {
  const names = text
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(INDEX_NAMES as readonly string[]).includes(n));
  if (names.length === 0 || unknown.length > 0) throw new UsageError(`--index ${text}: name indices from ${INDEX_NAMES.join(', ')}, comma-separated`);
  return names as CaptureIndex[];
}

/** `mgmt-kit capture`: a running deployment's records into a start-record file for `serve --seed`. */
export const captureCommand = declareCommand({
  name: 'capture',
  summary: 'read a running deployment into a start-record file for serve --seed',
  about: `Reads the indices of a running deployment — one GET per index, nothing else is ever sent — and
writes the records as a start-record file: {"event": [...], "network-link-type": [...], "agent": [...]},
which serve --seed and createHandlers({ seed }) take. Each record is checked as a seed record is;
one the create schemas refuse (a deployment may be older or looser) is reported on one line with
its reason and left out, or kept with --keep-invalid (serve --seed then refuses the file, naming
each such record, until it is fixed). Before the reads, the pre-flight of conformance.

Exit status: 0 the file was written
             1 an index could not be read (an error status, a body that is not a list): nothing written
             2 usage or connection error: bad flags, target unreachable, TLS, proxy or token failure`,
  flags: {
    ...CONNECTION_FLAGS,
    out: { type: 'string', valueName: 'FILE', defaultNote: 'standard output', description: 'where the start-record file goes (written whole, by rename)' },
    index: { type: 'string', valueName: 'LIST', default: INDEX_NAMES.join(','), description: 'indices to read, comma-separated' },
    where: {
      type: 'string',
      valueName: 'FIELD=VALUE|JSON',
      description: 'read only matching records: kind=link-down (where.equals), or a JSON where object, sent with every index read',
    },
    'keep-invalid': { type: 'boolean', description: 'keep records the create schemas refuse (they are still reported)' },
  },
  async run(flags, io) {
    const [{ runCapture }, { readWhereFlag }] = await Promise.all([import('../../capture/run-capture.js'), import('../../capture/read-where-flag.js')]);
    const indices = readIndexList(flags.index);
    const where = flags.where === undefined ? undefined : readWhereFlag(flags.where);
    if (where && !where.ok) throw new UsageError(where.error);
    return runCapture({
      connection: readConnection(flags, { timeoutMs: 15_000, env: io.env }),
      indices,
      where: where?.where,
      keepInvalid: flags['keep-invalid'],
      out: flags.out === undefined ? undefined : resolve(process.cwd(), flags.out),
      stdout: io.stdout,
      stderr: io.stderr,
    });
  },
});
