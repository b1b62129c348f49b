import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_TIMEOUT_MS } from '../connection/connection-settings.js';
import { collect, durationOption, httpUrl, notEmpty, wholeNumber } from './command/command-io.js';

/**
 * How a command reaches a deployment: where it is, how it authenticates, what every request
 * carries, which certificates it uses, how fast, how many at once and how long requests may take,
 * and what its pre-flight checks. Added to conformance, fuzz and capture, so a flag added here is
 * a flag of all of them; read in one place (readConnection in cli/with-target.ts,
 * cli/read-connection-flags.ts). The type of their values, {@link ConnectionFlags}, is inferred from here.
 */
function declareConnectionOptions(command: Command, baseUrlDescription: string) {
  return command
    .addOption(new Option('--base-url <URL>', baseUrlDescription).env('BASE_URL').argParser(httpUrl))
    .addOption(new Option('--token <T>', 'JWT sent as Authorization on every call (absent: minted from --jwt-secret)').env('TOKEN').conflicts('tokenCommand'))
    .addOption(
      new Option(
        '--token-command <CMD>',
        "shell command printing a token (e.g. curl … | jq -r .access_token): run at start, again near the token's exp and after a 401 to it",
      )
        .env('TOKEN_COMMAND')
        .argParser(notEmpty),
    )
    .addOption(
      new Option(
        '--jwt-secret <S>',
        'HS256 secret the target verifies with: mints the token when --token is absent and signs the expired and wrong-key tokens the checks send',
      )
        .env('JWT_SECRET')
        .argParser(notEmpty),
    )
    .addOption(new Option('--jwt-claims <JSON>', 'JSON object of extra claims in minted tokens, e.g. {"iss":"idp"}').env('JWT_CLAIMS'))
    .addOption(new Option('--auth-scheme <S>', 'word before the token ("" for none)').env('AUTH_SCHEME').default('Bearer'))
    .addOption(
      new Option(
        '--header <HEADER>',
        '"NAME: VALUE" added to every request (an API gateway key, a tenant); values are never printed; repeatable, the variable one per line',
      )
        .env('EXTRA_HEADERS')
        .default([] as string[], 'none')
        .argParser(collect),
    )
    .addOption(new Option('--client-cert <FILE>', 'PEM client certificate for mutual TLS (with --client-key)'))
    .addOption(new Option('--client-key <FILE>', 'PEM private key of --client-cert'))
    .addOption(new Option('--ca <FILE>', 'PEM CA certificate(s) trusted besides the public CAs and NODE_EXTRA_CA_CERTS'))
    .addOption(
      new Option('--rate <N>', 'at most N requests reach the target in any one second, across all workers (absent: no cap)').argParser(wholeNumber(1, 10_000)),
    )
    .addOption(
      new Option('--max-connections <N>', 'requests in flight at once, across all workers; the others wait their turn (not counted in --timeout)')
        .default(DEFAULT_MAX_CONNECTIONS)
        .argParser(wholeNumber(1, 256)),
    )
    .addOption(
      durationOption('--timeout <TIME>', 'per request, from sending to the end of the answer (500ms, 15s, 1m)').default(
        DEFAULT_TIMEOUT_MS,
        `${DEFAULT_TIMEOUT_MS / 1000}s`,
      ),
    )
    .addOption(
      new Option(
        '--retry-throttled <N>',
        'a call answered 429 (or 503 with Retry-After) waits that long and is sent again, up to N times; 0 reports "the target throttled the run"',
      )
        .default(0)
        .argParser(wholeNumber(0, 20)),
    )
    .option(
      '--no-preload-check',
      'the deployment really removed the two preloaded network link types: an empty read of them in the pre-flight is not a wrong path prefix',
    );
}

/** What the connection flags hold once read. */
export type ConnectionFlags = ReturnType<ReturnType<typeof declareConnectionOptions>['opts']>;

/** What the target flags (the connection flags and --self-test) hold once read. */
export type TargetFlags = ConnectionFlags & { selfTest?: true };

// The options are added to `command` itself; the casts give back its type with their values, which
// the declaration above infers (left to infer here, through the generic command, tsc's declaration
// emit does not finish).

/** Adds the connection flags to `command`. */
export function addConnectionOptions<Args extends unknown[], Opts extends OptionValues, Global extends OptionValues>(command: Command<Args, Opts, Global>) {
  declareConnectionOptions(command as unknown as Command, 'the deployment (required)');
  return command as unknown as Command<Args, Opts & ConnectionFlags, Global>;
}

/** Adds the connection flags and `--self-test`: the flags of a command that may run against a fresh reference server. */
export function addTargetOptions<Args extends unknown[], Opts extends OptionValues, Global extends OptionValues>(command: Command<Args, Opts, Global>) {
  declareConnectionOptions(command as unknown as Command, 'the deployment; required unless --self-test').option(
    '--self-test',
    'start the reference server on a free port with a fresh secret and run against it, with --allow-destructive',
  );
  return command as unknown as Command<Args, Opts & TargetFlags, Global>;
}

/** `--report-dir DIR` (default `reports`), naming what goes there. */
export function reportDirOption(what: string) {
  return new Option('--report-dir <DIR>', `where ${what} go`).default('reports');
}

/** `--min-coverage P`: of conformance, fuzz and coverage alike (src/contract/response-coverage.ts). */
export function minCoverageOption() {
  return new Option(
    '--min-coverage <P>',
    'exit 1, listing the pairs never seen, when fewer than P% of the documented (operation, status) responses were answered',
  )
    .env('MIN_COVERAGE')
    .argParser(wholeNumber(0, 100));
}
