import { resolve } from 'node:path';
import { Command, InvalidArgumentError, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CommandIo, UsageError } from '../command/command-io.js';
import { addConnectionOptions } from '../shared-flags.js';
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
  if (names.length === 0 || unknown.length > 0) throw new InvalidArgumentError(`Name indices from ${INDEX_NAMES.join(', ')}, comma-separated.`);
  return names as CaptureIndex[];
}

/** `mgmt-kit capture`: a running deployment's records into a start-record file for `serve --seed`. */
export function captureCommand(io: CommandIo): CommandUnknownOpts {
  return addConnectionOptions(
    new Command('capture').summary('read a running deployment into a start-record file for serve --seed').description(
      // One line per paragraph and per table row: --help wraps them to the terminal (command/help-wrap.ts).
      `Reads the indices of a running deployment — one GET per index, nothing else is ever sent — and writes the records as a start-record file: {"event": [...], "network-link-type": [...], "agent": [...]}, which serve --seed and createHandlers({ seed }) take. Each record is checked as a seed record is; one the create schemas refuse (a deployment may be older or looser) is reported on one line with its reason and left out, or kept with --keep-invalid (serve --seed then refuses the file, naming each such record, until it is fixed). Before the reads, the pre-flight of conformance.

Exit status:
  0  the file was written
  1  an index could not be read (an error status, a body that is not a list): nothing written
  2  usage or connection error: bad flags, target unreachable, TLS, proxy or token failure`,
    ),
  )
    .option('--out <FILE>', 'where the start-record file goes (written whole, by rename; absent: standard output)')
    .addOption(new Option('--index <LIST>', 'indices to read, comma-separated').default([...INDEX_NAMES], INDEX_NAMES.join(',')).argParser(readIndexList))
    .option('--where <FIELD=VALUE|JSON>', 'read only matching records: kind=link-down (where.equals), or a JSON where object, sent with every index read')
    .option('--keep-invalid', 'keep records the create schemas refuse (they are still reported)')
    .action(async (flags) => {
      const [{ runCapture }, { readWhereFlag }] = await Promise.all([
        import('../../target/capture/run-capture.js'),
        import('../../target/capture/read-where-flag.js'),
      ]);
      const where = flags.where === undefined ? undefined : readWhereFlag(flags.where);
      if (where && !where.ok) throw new UsageError(where.error);
      io.exitCode = await runCapture({
        connection: readConnection(flags),
        indices: flags.index,
        where: where?.where,
        keepInvalid: flags.keepInvalid === true,
        preloadCheck: flags.preloadCheck,
        out: flags.out === undefined ? undefined : resolve(process.cwd(), flags.out),
        stdout: io.stdout,
        stderr: io.stderr,
      });
    });
}
