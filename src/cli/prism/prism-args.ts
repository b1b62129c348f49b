import { fileURLToPath } from 'node:url';
import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { wholeNumber } from '../command/command-io.js';

/** The contract Prism serves: the repository's spec, wherever the command is run from. */
export const SPEC_PATH = fileURLToPath(new URL('../../../spec/openapi.yaml', import.meta.url));

/** Options of `mgmt-kit mock`. */
export interface MockOptions {
  host: string;
  port: number;
  /** Generate bodies from the schemas (faker) instead of answering the spec's examples. */
  dynamic: boolean;
}

/** Options of `mgmt-kit proxy`. */
export interface ProxyOptions {
  host: string;
  port: number;
  /** The deployment whose answers Prism checks against the spec. */
  upstream: string;
}

/** `prism mock <spec> -h -p [-d]`: stateless answers from the spec's examples. */
export function buildMockArgs(options: MockOptions): string[] {
  const args = ['mock', SPEC_PATH, '-h', options.host, '-p', String(options.port)];
  return options.dynamic ? [...args, '--dynamic'] : args;
}

/**
 * `prism proxy <spec> <upstream> --errors`: with `--errors` a response that breaks the contract
 * becomes a 500 problem+json listing the violations (`sl-violations`) instead of passing through
 * with only a header, so a frontend sees every break.
 */
export function buildProxyArgs(options: ProxyOptions): string[] {
  return ['proxy', SPEC_PATH, options.upstream, '-h', options.host, '-p', String(options.port), '--errors'];
}

/** `--port` and `--host` of the Prism commands (mock and proxy), which differ only in the default port. */
export function addPrismListenOptions<Args extends unknown[], Opts extends OptionValues, Global extends OptionValues>(
  command: Command<Args, Opts, Global>,
  defaultPort: number,
) {
  return command
    .addOption(new Option('--port <N>', 'port Prism listens on').default(defaultPort).argParser(wholeNumber(0, 65_535)))
    .addOption(new Option('--host <HOST>', 'address Prism listens on (the container image sets 0.0.0.0)').env('MGMT_KIT_HOST').default('127.0.0.1'));
}
