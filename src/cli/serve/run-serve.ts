import {
  generateSecret,
  mintToken,
  startReferenceServer,
  type RequestLogEntry,
  type SeedData,
} from '../../reference-server/index.js';
import type { CommandIo } from '../command/command-io.js';
import { UsageError } from '../command/usage-error.js';
import type { ServeFlags } from '../commands/serve.js';
import { formatFrontendBanner, readFrontendFlags } from './frontend-flags.js';
import { readSeedFile } from './read-seed-file.js';
import { formatLogLine, formatServeBanner } from './serve-banner.js';
import { watchSeedFile } from './watch-seed-file.js';

/**
 * Starts the reference server as the flags say, prints the URL, spec and docs URLs and a ready
 * token, logs one line per request unless --quiet, and closes cleanly on SIGINT/SIGTERM (exit 0).
 * Flags that do not go together, or a seed file that cannot be used, are a {@link UsageError}.
 */
export async function runServe(flags: ServeFlags, io: CommandIo): Promise<number> {
  const frontend = readFrontendFlags(flags);
  if (!frontend.ok) throw new UsageError(frontend.error);
  let seed: SeedData | undefined;
  if (flags.seed !== undefined) {
    const result = readSeedFile(flags.seed);
    if (!result.ok) throw new UsageError(result.error);
    seed = result.seed;
  }
  const secret = flags['no-auth'] ? undefined : (flags['jwt-secret'] ?? generateSecret());
  let server;
  try {
    server = await startReferenceServer({
      port: flags.port,
      host: flags.host,
      bodyLimit: flags['body-limit'],
      preload: !flags.empty,
      auth: secret === undefined ? false : { secret },
      ...(seed ? { seed } : {}),
      ...frontend.options,
      ...(flags.quiet ? {} : { onRequest: (entry: RequestLogEntry) => io.stdout.write(formatLogLine(entry)) }),
      onError: (error) => io.stderr.write(`mgmt-kit serve: unexpected error (answered 500): ${(error as Error).stack ?? String(error)}\n`),
    });
  } catch (error) {
    io.stderr.write(`mgmt-kit serve: cannot listen: ${(error as Error).message}\n`);
    return 1;
  }
  const auth =
    secret === undefined
      ? undefined
      : { token: await mintToken({ secret, expiresIn: '24h' }), generatedSecret: flags['jwt-secret'] === undefined ? secret : undefined };
  io.stdout.write(formatServeBanner(server.url, auth) + formatFrontendBanner(server.url, flags));
  const running = server;
  const watch = flags.watch && flags.seed !== undefined
    ? watchSeedFile(flags.seed, running.core, (line) => io.stdout.write(`${line}\n`))
    : undefined;
  return new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      watch?.close();
      if (!flags.quiet) io.stdout.write(`mgmt-kit serve: ${signal}, closing\n`);
      running.close().then(() => resolve(0), () => resolve(0));
    };
    process.on('SIGINT', stop).on('SIGTERM', stop);
  });
}
