import type { Command } from '../main.js';
import { buildMockArgs } from '../prism/prism-args.js';
import { MOCK_USAGE, parseMockFlags } from '../prism/parse-prism-flags.js';
import { runPrism } from '../prism/run-prism.js';

/**
 * `mgmt-kit mock [--port 4010] [--host 127.0.0.1] [--dynamic]`: serves spec/openapi.yaml with
 * Prism from the spec's examples. Stateless: a create is not visible to a later read (use the
 * msw handlers or `mgmt-kit serve` for a stateful mock).
 */
export const command: Command = {
  summary: 'serve spec/openapi.yaml from its examples with Prism (stateless)',
  async run(argv) {
    const flags = parseMockFlags(argv);
    if (!flags.ok) {
      process.stderr.write(`mgmt-kit mock: ${flags.message}\n${MOCK_USAGE}`);
      return 2;
    }
    if ('help' in flags) {
      process.stdout.write(MOCK_USAGE);
      return 0;
    }
    const { host, port } = flags.options;
    return runPrism({ args: buildMockArgs(flags.options), url: `http://${host}:${port}`, label: 'mock' });
  },
};
