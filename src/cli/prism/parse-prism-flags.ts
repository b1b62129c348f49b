import { formatFlagHelp, parseFlags, type FlagSpec } from '../parse-flags.js';
import type { MockOptions, ProxyOptions } from './prism-args.js';

/** Parsed flags, or why they are not usable (errors are values: the command prints and exits 2). */
export type FlagsResult<T> = { ok: true; options: T } | { ok: true; help: true } | { ok: false; message: string };

const hostAndPort = (defaultPort: number) =>
  ({
    port: { kind: 'integer', description: 'port Prism listens on', min: 0, max: 65_535, defaultText: String(defaultPort) },
    host: { kind: 'string', description: 'address Prism listens on', defaultText: '127.0.0.1', valueName: 'HOST' },
    help: { kind: 'boolean', description: 'print this help' },
  }) as const satisfies FlagSpec;

const mockFlags = {
  ...hostAndPort(4010),
  dynamic: { kind: 'boolean', description: 'generate bodies from the schemas instead of the examples' },
} as const satisfies FlagSpec;

const proxyFlags = {
  upstream: { kind: 'string', description: 'the deployment to check (required)', valueName: 'URL' },
  ...hostAndPort(4011),
} as const satisfies FlagSpec;

/** Usage printed by `mgmt-kit mock --help` and after a flag error. */
export const MOCK_USAGE = `Usage: mgmt-kit mock [--port 4010] [--host 127.0.0.1] [--dynamic]\n${formatFlagHelp(mockFlags)}\n`;
/** Usage of `mgmt-kit proxy`. */
export const PROXY_USAGE = `Usage: mgmt-kit proxy --upstream URL [--port 4011] [--host 127.0.0.1]\n${formatFlagHelp(proxyFlags)}\n`;

/** `mgmt-kit mock [--port 4010] [--host 127.0.0.1] [--dynamic]`. */
export function parseMockFlags(argv: string[]): FlagsResult<MockOptions> {
  const parsed = parseFlags(argv, mockFlags, {});
  if (!parsed.ok) return { ok: false, message: parsed.error };
  if (parsed.positionals.length > 0) return { ok: false, message: `unexpected argument "${parsed.positionals[0]}"` };
  const { values } = parsed;
  if (values.help) return { ok: true, help: true };
  return { ok: true, options: { host: values.host ?? '127.0.0.1', port: values.port ?? 4010, dynamic: values.dynamic } };
}

/** `mgmt-kit proxy --upstream URL [--port 4011] [--host 127.0.0.1]`. */
export function parseProxyFlags(argv: string[]): FlagsResult<ProxyOptions> {
  const parsed = parseFlags(argv, proxyFlags, {});
  if (!parsed.ok) return { ok: false, message: parsed.error };
  if (parsed.positionals.length > 0) return { ok: false, message: `unexpected argument "${parsed.positionals[0]}"` };
  const { values } = parsed;
  if (values.help) return { ok: true, help: true };
  if (values.upstream === undefined) return { ok: false, message: '--upstream URL is required' };
  if (!isHttpUrl(values.upstream)) return { ok: false, message: `--upstream must be an http(s) URL, got "${values.upstream}"` };
  return { ok: true, options: { host: values.host ?? '127.0.0.1', port: values.port ?? 4011, upstream: values.upstream } };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
