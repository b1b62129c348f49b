import { Command, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { DEFAULT_BODY_LIMIT } from '../../server/core/index.js';
import { DEFAULT_JOURNAL_SIZE } from '../../server/controls/index.js';
import { type CommandIo, collect, notEmpty, onOff, wholeNumber } from '../command/command-io.js';

/**
 * `mgmt-kit serve` / `npm start`: the reference server on node:http (serve/run-serve.ts).
 * Bad flags (an empty --jwt-secret included), an invalid seed file or a data file that is not a
 * valid state exit 2; an empty JWT_SECRET counts as unset, so a random secret is generated.
 */
export function serveCommand(io: CommandIo): CommandUnknownOpts {
  return (
    new Command('serve')
      .summary('run the reference in-memory server (npm start)')
      .description(
        `Runs the reference in-memory management service: /event, /type/network-link, /catalog/agent, plus /openapi.yaml, /openapi.json, /openapi.portable.json (no recursive schema, for Portman) and Swagger UI at /docs (no token needed for those).`,
      )
      .addOption(new Option('--port <N>', 'TCP port; 0 picks a free one').env('PORT').default(8080).argParser(wholeNumber(0, 65_535)))
      // Not HOST: some shells (tcsh) export the machine's name as HOST, which would listen beyond loopback.
      .addOption(new Option('--host <HOST>', 'interface to listen on (the container image sets 0.0.0.0)').env('MGMT_KIT_HOST').default('127.0.0.1'))
      .addOption(
        // WebCrypto refuses a zero-length HMAC key: refused here rather than after listening.
        new Option(
          '--jwt-secret <S>',
          'HS256 secret for Bearer tokens; must not be empty (an empty JWT_SECRET counts as unset; absent: a random one, with a token printed)',
        )
          .env('JWT_SECRET')
          .argParser(notEmpty),
      )
      .option('--no-auth', 'accept requests without a token (local mock use)')
      .option('--seed <FILE>', 'JSON file {"event":[…],"network-link-type":[…],"agent":[…]} loaded at start')
      .option(
        '--data <FILE>',
        'keep the state in this JSON file (the --seed shape): loaded at start, created from the preload and --seed when absent, every change written back (reset goes back to preload and --seed)',
      )
      .option('--empty', 'start without the preloaded link types p2p and slice')
      .addOption(new Option('--body-limit <BYTES>', 'largest accepted request body; larger → 413').default(DEFAULT_BODY_LIMIT).argParser(wholeNumber(0)))
      .option('--quiet', 'no log line per request')
      .addOption(
        new Option('--cors [true|false]', 'CORS for browser pages on other origins; --cors=false turns it off')
          .default(true, 'on, any origin')
          .argParser(onOff),
      )
      .addOption(
        new Option('--cors-origin <ORIGIN>', 'allow only this page origin, e.g. http://localhost:5173; repeatable')
          .default([] as string[], 'any')
          .argParser(collect),
      )
      .option(
        '--admin',
        'mock controls for tests: the page /__admin/, state (/__admin/reset, /__admin/state), the request journal (/__admin/requests), fault rules (/__admin/faults) and the fault headers x-mgmt-kit-status, x-mgmt-kit-delay',
      )
      .addOption(
        new Option('--journal-size <N>', 'with --admin: how many answered requests /__admin/requests keeps, the oldest dropped first (0 keeps none)')
          .default(DEFAULT_JOURNAL_SIZE)
          .argParser(wholeNumber(0, 1_000_000)),
      )
      .option('--delay <TIME>', 'wait before every answer: 300ms, 2s, or a range 100-800ms')
      .option('--watch', 'reload the --seed file when it changes (the state goes back to its records)')
      .hook('preAction', (command) => {
        // Neither implies() (it would turn --admin on) nor conflicts() says "needs": without --admin the journal does not exist.
        if (command.getOptionValueSource('journalSize') === 'cli' && !command.opts().admin)
          command.error('--journal-size needs --admin: without it --journal-size would change nothing');
      })
      .action(async (flags) => {
        const { runServe } = await import('../serve/run-serve.js');
        io.exitCode = await runServe(flags, io);
      })
  );
}
