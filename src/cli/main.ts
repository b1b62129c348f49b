import { readFileSync } from 'node:fs';
import { stopWhenOrphaned } from './stop-when-orphaned.js';

/** One sub-command of `mgmt-kit`: a summary for the help text and a runner that returns the exit code. */
export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
}

/**
 * The sub-commands, loaded lazily so `mgmt-kit token` does not pay for Prism or cucumber.
 * Each module exports `command: Command`.
 */
const commands: Record<string, () => Promise<{ command: Command }>> = {
  serve: () => import('./commands/serve.js'),
  token: () => import('./commands/token.js'),
  mock: () => import('./commands/mock.js'),
  proxy: () => import('./commands/proxy.js'),
  conformance: () => import('./commands/conformance.js'),
  fuzz: () => import('./commands/fuzz.js'),
  bench: () => import('./commands/bench.js'),
};

const summaries: Record<string, string> = {
  serve: 'run the reference in-memory server (npm start)',
  token: 'mint a JWT for the reference server',
  mock: 'serve spec/openapi.yaml from its examples with Prism (stateless)',
  proxy: 'run Prism as a validation proxy in front of a real deployment',
  conformance: 'run the conformance features against any implementation',
  fuzz: 'model-based differential fuzzing of any implementation',
  bench: 'measure the reference server against the node:http ceiling and Prism',
};

function readVersion(): string {
  const url = new URL('../../package.json', import.meta.url);
  const pkg = JSON.parse(readFileSync(url, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** Prints the list of sub-commands. */
export function formatHelp(): string {
  const rows = Object.entries(summaries).map(([name, text]) => `  ${name.padEnd(12)} ${text}`);
  return [
    `mgmt-kit ${readVersion()} — contract-first mock and conformance kit for the management service`,
    '',
    'Usage: mgmt-kit <command> [options]   (mgmt-kit <command> --help for its options)',
    '',
    'Commands:',
    ...rows,
    '',
  ].join('\n');
}

/** Runs `mgmt-kit` with the given arguments and resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(formatHelp());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${readVersion()}\n`);
    return 0;
  }
  const load = commands[name];
  if (!load) {
    process.stderr.write(`mgmt-kit: unknown command "${name}"\n\n${formatHelp()}`);
    return 2;
  }
  const { command } = await load();
  // `npx mgmt-kit serve &` + `kill $!`: the signal stops npm and its shell, not this process.
  const unwatch = stopWhenOrphaned();
  try {
    return await command.run(rest);
  } finally {
    unwatch();
  }
}
