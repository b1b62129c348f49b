import { DataFileError, generateSecret, mintToken, startReferenceServer, type RequestLogEntry, type SeedData } from '../../server/index.js';
import { INDEX_NAMES, type AttachedDataFile, type Store } from '../../server/index.js';
import { type CommandIo, UsageError } from '../command/command-io.js';
import { findDataFlagProblem, type DataFlags, formatFrontendBanner, readFrontendFlags, type FrontendFlags } from './serve-flags.js';
import { readSeedFile, watchSeedFile } from './watch-seed-file.js';

/** What `mgmt-kit serve` runs on: its flags as commands/serve.ts declares and commander reads them. */
export interface ServeFlags extends FrontendFlags, DataFlags {
  port: number;
  host: string;
  jwtSecret?: string | undefined;
  /** False with --no-auth. */
  auth: boolean;
  empty?: boolean | undefined;
  bodyLimit: number;
  quiet?: boolean | undefined;
  journalSize: number;
}

type Output = Pick<CommandIo, 'stdout' | 'stderr'>;

function reportWriteError(error: DataFileError, io: Output): void {
  io.stderr.write(`mgmt-kit serve: ${error.message}; the state is kept and written again on the next change\n`);
}

/**
 * Starts the reference server as the flags say, prints the URL, spec and docs URLs and a ready
 * token, logs one line per request unless --quiet, and closes cleanly on SIGINT/SIGTERM (exit 0;
 * 1 when the data file's last changes cannot be written). Flags that do not go together, or a
 * seed or data file that cannot be used, are a {@link UsageError}.
 */
export async function runServe(flags: ServeFlags, io: Output): Promise<number> {
  const frontend = readFrontendFlags(flags);
  if (!frontend.ok) throw new UsageError(frontend.error);
  const dataProblem = findDataFlagProblem(flags);
  if (dataProblem !== undefined) throw new UsageError(dataProblem);
  let seed: SeedData | undefined;
  if (flags.seed !== undefined) {
    const result = readSeedFile(flags.seed);
    if (!result.ok) throw new UsageError(result.error);
    seed = result.records;
  }
  const secret = flags.auth ? (flags.jwtSecret ?? generateSecret()) : undefined;
  let server;
  try {
    server = await startReferenceServer({
      port: flags.port,
      host: flags.host,
      bodyLimit: flags.bodyLimit,
      preload: !flags.empty,
      auth: secret === undefined ? false : { secret },
      ...(seed ? { seed } : {}),
      ...frontend.options,
      journalSize: flags.journalSize,
      ...(flags.data === undefined ? {} : { data: { file: flags.data, onWriteError: (error: DataFileError) => reportWriteError(error, io) } }),
      ...(flags.quiet ? {} : { onRequest: (entry: RequestLogEntry) => io.stdout.write(formatLogLine(entry)) }),
      onError: (error) => io.stderr.write(`mgmt-kit serve: unexpected error (answered 500): ${(error as Error).stack ?? String(error)}\n`),
    });
  } catch (error) {
    // A data file that is not a valid state or cannot be written: refused before listening, file untouched.
    if (error instanceof DataFileError) throw new UsageError(error.message);
    io.stderr.write(`mgmt-kit serve: cannot listen: ${(error as Error).message}\n`);
    return 1;
  }
  const auth =
    secret === undefined
      ? undefined
      : { token: await mintToken({ secret, expiresIn: '24h' }), generatedSecret: flags.jwtSecret === undefined ? secret : undefined };
  const seenAs = bannerAddress(server.url);
  const running = server;
  let watch: { close(): void } | undefined;
  const stopped = new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      watch?.close();
      if (!flags.quiet) io.stdout.write(`mgmt-kit serve: ${signal}, closing\n`);
      running.close().then(
        () => resolve(0),
        (error: unknown) => {
          if (!(error instanceof DataFileError)) return resolve(0);
          io.stderr.write(`mgmt-kit serve: ${error.message}\n`);
          resolve(1);
        },
      );
    };
    // Before the banner: whoever waits for the banner and then stops the server (a script, a test)
    // must find the handler there, even when this process is descheduled right after the write.
    process.on('SIGINT', stop).on('SIGTERM', stop);
  });
  io.stdout.write(formatServeBanner(server.url, seenAs, auth) + formatDataBanner(server.data, server.core.store) + formatFrontendBanner(seenAs.url, flags));
  watch = flags.watch && flags.seed !== undefined ? watchSeedFile(flags.seed, running.core, (line) => io.stdout.write(`${line}\n`)) : undefined;
  return stopped;
}

/** One log line per request: `<time> METHOD /path STATUS 1.2ms`. */
function formatLogLine(entry: RequestLogEntry): string {
  return `${new Date().toISOString()} ${entry.method} ${entry.path} ${entry.status} ${entry.durationMs.toFixed(1)}ms\n`;
}

/**
 * How the banner names the server and the command: as clients reach it and as a user types it.
 * Inside the container image the server listens on 0.0.0.0 in the container, and the image sets
 * MGMT_KIT_PUBLIC_URL (the published port on the host's loopback) and MGMT_KIT_COMMAND
 * (`podman run --rm mgmt-kit`), so that every line of the banner works from the host as written.
 */
function bannerAddress(url: string): { url: string; command: string } {
  const publicUrl = process.env['MGMT_KIT_PUBLIC_URL']?.replace(/\/+$/, '');
  return { url: publicUrl || url, command: process.env['MGMT_KIT_COMMAND'] || 'npx mgmt-kit' };
}

/**
 * The lines `mgmt-kit serve` prints once it listens: where, the spec and docs, and — with
 * authentication on — a ready token, the generated secret when none was given, and a curl to try.
 */
function formatServeBanner(
  listening: string,
  { url, command }: { url: string; command: string },
  auth: { token: string; generatedSecret: string | undefined } | undefined,
): string {
  const where = url === listening ? listening : `${listening} (reached as ${url})`;
  const lines = [`mgmt-kit reference server listening on ${where}`, `  spec:  ${url}/openapi.yaml  ${url}/openapi.json`, `  docs:  ${url}/docs`];
  if (!auth) lines.push('  auth:  off (--no-auth): no token needed');
  else {
    if (auth.generatedSecret !== undefined) {
      lines.push(`  auth:  no --jwt-secret or JWT_SECRET given; generated secret for this run: ${auth.generatedSecret}`);
    }
    lines.push(`  token: ${auth.token}`, `  (valid 24h; mint more with: ${command} token --secret <secret> --expires 1h)`);
    lines.push(`  try:   curl -H "Authorization: Bearer ${auth.token}" ${url}/type/network-link`);
  }
  return `${lines.join('\n')}\n`;
}

/** The banner line of `--data`: the file, and whether it was loaded or created. */
function formatDataBanner(data: AttachedDataFile | undefined, store: Store): string {
  if (!data) return '';
  const records = INDEX_NAMES.reduce((sum, name) => sum + store[name].size, 0);
  const how = data.created ? 'created with the start records' : 'loaded';
  return `  data:  ${data.file} (${how}, ${records} records; every change is written there)\n`;
}
