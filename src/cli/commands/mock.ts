import { declareCommand } from '../command/declare-command.js';
import { buildMockArgs } from '../prism/prism-args.js';
import { prismListenFlags } from '../prism/prism-listen-flags.js';
import { runPrism } from '../prism/run-prism.js';

/**
 * `mgmt-kit mock`: serves spec/openapi.yaml with Prism from the spec's examples. Stateless: a
 * create is not visible to a later read (use the msw handlers or `mgmt-kit serve` for a stateful mock).
 */
export const mockCommand = declareCommand({
  name: 'mock',
  npmScript: 'npm run mock',
  summary: 'serve spec/openapi.yaml from its examples with Prism (stateless)',
  about: `Serves spec/openapi.yaml with Prism from the spec's examples: stateless, so a create is not
visible to a later read (mgmt-kit serve is the stateful mock). Prefer: code=…, example=… picks an
answer. Prints "mgmt-kit mock: ready on <url>" once Prism listens; stops Prism on SIGINT/SIGTERM.`,
  flags: {
    ...prismListenFlags(4010),
    dynamic: { type: 'boolean', description: 'generate bodies from the schemas instead of the examples' },
  },
  run: (flags, io) => runPrism({ args: buildMockArgs(flags), url: `http://${flags.host}:${flags.port}`, label: 'mock', stdout: io.stdout, stderr: io.stderr }),
});
