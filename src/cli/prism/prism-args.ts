import { fileURLToPath } from 'node:url';

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
