import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import type { CommandIo } from '../command/command-io.js';
import { addPrismListenOptions } from '../prism/prism-args.js';

/**
 * `mgmt-kit mock`: serves spec/openapi.yaml with Prism from the spec's examples. Stateless: a
 * create is not visible to a later read (use the msw handlers or `mgmt-kit serve` for a stateful mock).
 */
export function mockCommand(io: CommandIo): CommandUnknownOpts {
  return addPrismListenOptions(
    new Command('mock')
      .summary('serve spec/openapi.yaml from its examples with Prism, stateless (npm run mock)')
      .description(
        `Serves spec/openapi.yaml with Prism from the spec's examples: stateless, so a create is not visible to a later read (mgmt-kit serve is the stateful mock). Prefer: code=…, example=… picks an answer. Prints "mgmt-kit mock: ready on <url>" once Prism listens; stops Prism on SIGINT/SIGTERM.`,
      ),
    4010,
  )
    .option('--dynamic', 'generate bodies from the schemas instead of the examples')
    .action(async (flags) => {
      const [{ buildMockArgs }, { runPrism }] = await Promise.all([import('../prism/prism-args.js'), import('../prism/run-prism.js')]);
      const args = buildMockArgs({ ...flags, dynamic: flags.dynamic === true });
      io.exitCode = await runPrism({ args, url: `http://${flags.host}:${flags.port}`, label: 'mock', stdout: io.stdout, stderr: io.stderr });
    });
}
