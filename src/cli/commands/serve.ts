import type { Command } from '../main.js';
import {
  DEFAULT_BODY_LIMIT,
  generateSecret,
  mintToken,
  startReferenceServer,
  type RequestLogEntry,
  type SeedData,
} from '../../reference-server/index.js';
import { formatFrontendBanner, readFrontendFlags } from '../frontend-flags.js';
import { formatFlagHelp, parseFlags } from '../parse-flags.js';
import { readSeedFile } from '../read-seed-file.js';
import { watchSeedFile } from '../watch-seed-file.js';

const SERVE_FLAGS = {
  port: { kind: 'integer', description: 'TCP port; 0 picks a free one', env: 'PORT', defaultText: '8080', min: 0, max: 65535 },
  host: { kind: 'string', description: 'interface to listen on', defaultText: '127.0.0.1', valueName: 'HOST' },
  'jwt-secret': {
    kind: 'string',
    description: 'HS256 secret for Bearer tokens; must not be empty (an empty JWT_SECRET counts as unset)',
    env: 'JWT_SECRET',
    defaultText: 'random, printed token',
    valueName: 'S',
  },
  'no-auth': { kind: 'boolean', description: 'accept requests without a token (local mock use)' },
  seed: { kind: 'string', description: 'JSON file {"event":[…],"network-link-type":[…],"agent":[…]} loaded at start', valueName: 'FILE' },
  empty: { kind: 'boolean', description: 'start without the preloaded link types p2p and slice' },
  'body-limit': { kind: 'integer', description: 'largest accepted request body; larger → 413', defaultText: String(DEFAULT_BODY_LIMIT), valueName: 'BYTES', min: 0 },
  quiet: { kind: 'boolean', description: 'no log line per request' },
  cors: { kind: 'boolean', defaultValue: true, description: 'CORS for browser pages on other origins; --cors=false turns it off', defaultText: 'on, any origin' },
  'cors-origin': { kind: 'list', description: 'allow only this page origin, e.g. http://localhost:5173', valueName: 'ORIGIN' },
  admin: { kind: 'boolean', description: 'state control for tests (/__admin/reset, /__admin/state) and the fault headers x-mgmt-kit-status, x-mgmt-kit-delay' },
  delay: { kind: 'string', description: 'wait before every answer: 300ms, 2s, or a range 100-800ms', valueName: 'TIME' },
  watch: { kind: 'boolean', description: 'reload the --seed file when it changes (the state goes back to its records)' },
  help: { kind: 'boolean', description: 'show this help' },
} as const;

const USAGE = `Usage: mgmt-kit serve [options]      (npm start)

Runs the reference in-memory management service: /event, /type/network-link, /catalog/agent,
plus /openapi.yaml, /openapi.json and Swagger UI at /docs (no token needed for those).

Options:
${formatFlagHelp(SERVE_FLAGS)}
`;

function formatLogLine(entry: RequestLogEntry): string {
  return `${new Date().toISOString()} ${entry.method} ${entry.path} ${entry.status} ${entry.durationMs.toFixed(1)}ms\n`;
}

function formatBanner(url: string, auth: { token: string; generatedSecret: string | undefined } | undefined): string {
  const lines = [
    `mgmt-kit reference server listening on ${url}`,
    `  spec:  ${url}/openapi.yaml  ${url}/openapi.json`,
    `  docs:  ${url}/docs`,
  ];
  if (!auth) lines.push('  auth:  off (--no-auth): no token needed');
  else {
    if (auth.generatedSecret !== undefined) {
      lines.push(`  auth:  no --jwt-secret or JWT_SECRET given; generated secret for this run: ${auth.generatedSecret}`);
    }
    lines.push(`  token: ${auth.token}`, '  (valid 24h; mint more with: npx mgmt-kit token --secret <secret> --expires 1h)');
    lines.push(`  try:   curl -H "Authorization: Bearer ${auth.token}" ${url}/type/network-link`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `mgmt-kit serve` / `npm start`: the reference server on node:http. Prints the URL,
 * spec and docs URLs and a ready token; one log line per request unless --quiet; closes
 * cleanly on SIGINT/SIGTERM (exit 0). Bad flags (an empty --jwt-secret included) or an invalid
 * seed file exit 2; an empty JWT_SECRET counts as unset, so a random secret is generated.
 */
export const command: Command = {
  summary: 'run the reference in-memory server (npm start)',
  async run(argv) {
    const parsed = parseFlags(argv, SERVE_FLAGS);
    const fail = (message: string): number => {
      process.stderr.write(`mgmt-kit serve: ${message}\n`);
      return 2;
    };
    if (!parsed.ok) return fail(`${parsed.error}\n\n${USAGE}`);
    const flags = parsed.values;
    if (flags.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (parsed.positionals.length > 0) return fail(`unexpected argument "${parsed.positionals[0]}"\n\n${USAGE}`);
    // WebCrypto refuses a zero-length HMAC key: refuse it here instead of crashing after listening.
    if (flags['jwt-secret'] === '') return fail(`--jwt-secret must not be empty (omit it for a random secret)\n\n${USAGE}`);
    const frontend = readFrontendFlags(flags);
    if (!frontend.ok) return fail(`${frontend.error}\n\n${USAGE}`);
    let seed: SeedData | undefined;
    if (flags.seed !== undefined) {
      const result = readSeedFile(flags.seed);
      if (!result.ok) return fail(result.error);
      seed = result.seed;
    }
    const secret = flags['no-auth'] ? undefined : (flags['jwt-secret'] ?? generateSecret());
    let server;
    try {
      server = await startReferenceServer({
        port: flags.port ?? 8080,
        host: flags.host ?? '127.0.0.1',
        bodyLimit: flags['body-limit'] ?? DEFAULT_BODY_LIMIT,
        preload: !flags.empty,
        auth: secret === undefined ? false : { secret },
        ...(seed ? { seed } : {}),
        ...frontend.options,
        ...(flags.quiet ? {} : { onRequest: (entry: RequestLogEntry) => process.stdout.write(formatLogLine(entry)) }),
        onError: (error) => process.stderr.write(`mgmt-kit serve: unexpected error (answered 500): ${(error as Error).stack ?? String(error)}\n`),
      });
    } catch (error) {
      process.stderr.write(`mgmt-kit serve: cannot listen: ${(error as Error).message}\n`);
      return 1;
    }
    const auth =
      secret === undefined
        ? undefined
        : { token: await mintToken({ secret, expiresIn: '24h' }), generatedSecret: flags['jwt-secret'] === undefined ? secret : undefined };
    process.stdout.write(formatBanner(server.url, auth) + formatFrontendBanner(server.url, flags));
    const running = server;
    const watch = flags.watch && flags.seed !== undefined
      ? watchSeedFile(flags.seed, running.core, (line) => process.stdout.write(`${line}\n`))
      : undefined;
    return new Promise<number>((resolve) => {
      const stop = (signal: NodeJS.Signals): void => {
        process.off('SIGINT', stop).off('SIGTERM', stop);
        watch?.close();
        if (!flags.quiet) process.stdout.write(`mgmt-kit serve: ${signal}, closing\n`);
        running.close().then(() => resolve(0), () => resolve(0));
      };
      process.on('SIGINT', stop).on('SIGTERM', stop);
    });
  },
};
