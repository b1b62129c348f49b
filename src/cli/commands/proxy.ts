import { declareCommand } from '../command/declare-command.js';
import { buildProxyArgs } from '../prism/prism-args.js';
import { prismListenFlags } from '../prism/prism-listen-flags.js';
import { runPrism } from '../prism/run-prism.js';

/**
 * `mgmt-kit proxy --upstream URL`: Prism as a validation proxy with `--errors`, so every upstream
 * answer that breaks spec/openapi.yaml becomes a 500 problem+json naming the violation.
 */
export const proxyCommand = declareCommand({
  name: 'proxy',
  npmScript: 'npm run proxy',
  summary: 'run Prism as a validation proxy in front of a real deployment',
  about: `Runs Prism as a validation proxy in front of a deployment: every answer that breaks
spec/openapi.yaml becomes a 500 problem+json naming the violation (Prism --errors). Prism refuses
to forward a GET with a body (501). Prints "mgmt-kit proxy (upstream <url>): ready on <url>" once
Prism listens.`,
  flags: {
    upstream: { type: 'url', required: true, description: 'the deployment to check' },
    ...prismListenFlags(4011),
  },
  run: (flags, io) =>
    runPrism({
      args: buildProxyArgs(flags),
      url: `http://${flags.host}:${flags.port}`,
      label: `proxy (upstream ${flags.upstream})`,
      stdout: io.stdout,
      stderr: io.stderr,
    }),
});
