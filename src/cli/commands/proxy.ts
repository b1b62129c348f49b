import type { Command } from '../main.js';
import { buildProxyArgs } from '../prism/prism-args.js';
import { PROXY_USAGE, parseProxyFlags } from '../prism/parse-prism-flags.js';
import { runPrism } from '../prism/run-prism.js';

/**
 * `mgmt-kit proxy --upstream URL [--port 4011] [--host 127.0.0.1]`: Prism as a validation proxy
 * with `--errors`, so every upstream answer that breaks spec/openapi.yaml becomes a 500
 * problem+json naming the violation. Prism refuses to forward a GET with a body (501).
 */
export const command: Command = {
  summary: 'run Prism as a validation proxy in front of a real deployment',
  async run(argv) {
    const flags = parseProxyFlags(argv);
    if (!flags.ok) {
      process.stderr.write(`mgmt-kit proxy: ${flags.message}\n${PROXY_USAGE}`);
      return 2;
    }
    if ('help' in flags) {
      process.stdout.write(PROXY_USAGE);
      return 0;
    }
    const { host, port, upstream } = flags.options;
    return runPrism({
      args: buildProxyArgs(flags.options),
      url: `http://${host}:${port}`,
      label: `proxy (upstream ${upstream})`,
    });
  },
};
