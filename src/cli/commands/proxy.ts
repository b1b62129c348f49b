import { Command, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CommandIo, httpUrl } from '../command/command-io.js';
import { addPrismListenOptions } from '../prism/prism-args.js';

/**
 * `mgmt-kit proxy --upstream URL`: Prism as a validation proxy with `--errors`, so every upstream
 * answer that breaks spec/openapi.yaml becomes a 500 problem+json naming the violation.
 */
export function proxyCommand(io: CommandIo): CommandUnknownOpts {
  return addPrismListenOptions(
    new Command('proxy')
      .summary('run Prism as a validation proxy in front of a real deployment (npm run proxy)')
      .usage('--upstream <URL> [options]')
      .description(
        `Runs Prism as a validation proxy in front of a deployment: every answer that breaks spec/openapi.yaml becomes a 500 problem+json naming the violation (Prism --errors). Prism refuses to forward a GET with a body (501). Prints "mgmt-kit proxy (upstream <url>): ready on <url>" once Prism listens.`,
      )
      .addOption(new Option('--upstream <URL>', 'the deployment to check').makeOptionMandatory().argParser(httpUrl)),
    4011,
  ).action(async (flags) => {
    const [{ buildProxyArgs }, { runPrism }] = await Promise.all([import('../prism/prism-args.js'), import('../prism/run-prism.js')]);
    io.exitCode = await runPrism({
      args: buildProxyArgs(flags),
      url: `http://${flags.host}:${flags.port}`,
      label: `proxy (upstream ${flags.upstream})`,
      stdout: io.stdout,
      stderr: io.stderr,
    });
  });
}
