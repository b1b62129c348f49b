import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import type { ConnectionSettings, HeaderSetting, PemFile, TlsSettings } from '../connection/connection-settings.js';
import { findProxyProblem, proxyFromEnvironment } from '../connection/proxy-route.js';
import { parseJwtClaims } from '../contract/tokens/index.js';

/** Headers the kit sets itself on every request, which `--header` must not change. */
const KIT_HEADERS: Record<string, string> = {
  authorization: 'use --token, --token-command or --jwt-secret (and --auth-scheme) for it',
  'content-type': 'the kit sets it per request (§4.1)',
  'content-length': 'the kit sets it per request',
  host: 'it comes from --base-url',
  'transfer-encoding': 'the kit sets it per request',
  connection: 'the kit manages its connections',
};

// RFC 9110 section 5.1 field names (tokens) and section 5.5 field values (visible characters, spaces, tabs).
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Reads one `--header 'Name: value'` (or a line of EXTRA_HEADERS). The message for a value that
 * cannot be used names the header, never its value, which may be a secret.
 *
 * @example parseHeaderFlag('X-Api-Key: abc') // → { ok: true, header: { name: 'X-Api-Key', value: 'abc' } }
 */
export function parseHeaderFlag(text: string, from = '--header'): { ok: true; header: HeaderSetting } | { ok: false; error: string } {
  const colon = text.indexOf(':');
  if (colon < 0)
    return {
      ok: false,
      error: `${from} "${text.length > 40 ? `${text.slice(0, 37)}...` : text}" has no colon: write it as 'Name: value', e.g. --header 'X-Api-Key: …'`,
    };
  const name = text.slice(0, colon).trim();
  const value = text.slice(colon + 1).trim();
  if (!NAME.test(name)) return { ok: false, error: `${from}: "${name}" is not a header name (letters, digits and !#$%&'*+.^_\`|~- only)` };
  const reserved = KIT_HEADERS[name.toLowerCase()];
  if (reserved !== undefined) return { ok: false, error: `${from} ${name}: ${reserved}` };
  if (value === '') return { ok: false, error: `${from} ${name}: the value is empty (is the variable meant to hold it set?)` };
  if (!VALUE.test(value)) return { ok: false, error: `${from} ${name}: the value holds a line break or a control character` };
  return { ok: true, header: { name, value } };
}

/** The connection flags as the command line gave them, under commander's names (cli/shared-flags.ts). */
export interface ConnectionFlagValues {
  baseUrl: string;
  token?: string | undefined;
  jwtSecret?: string | undefined;
  jwtClaims?: string | undefined;
  authScheme: string;
  tokenCommand?: string | undefined;
  header: readonly string[];
  clientCert?: string | undefined;
  clientKey?: string | undefined;
  ca?: string | undefined;
  rate?: number | undefined;
  maxConnections: number;
  timeout: number;
  retryThrottled: number;
}

type Read<T> = { ok: true; value: T } | { ok: false; error: string };

function readPem(flag: string, file: string, kind: 'CERTIFICATE' | 'PRIVATE KEY'): Read<PemFile> {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, error: `${flag} ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  if (!new RegExp(`-----BEGIN [A-Z ]*${kind}-----`).test(pem))
    return { ok: false, error: `${flag} ${file}: not a PEM file holding a ${kind.toLowerCase()} (-----BEGIN ${kind}-----)` };
  return { ok: true, value: { file, pem } };
}

/** The TLS files, read and tried together, so a wrong pair or an unusable CA stops the run before any request. */
function readTls(values: ConnectionFlagValues): Read<TlsSettings> {
  const tls: TlsSettings = {};
  if (values.ca !== undefined) {
    const ca = readPem('--ca', values.ca, 'CERTIFICATE');
    if (!ca.ok) return ca;
    tls.ca = ca.value;
  }
  if ((values.clientCert === undefined) !== (values.clientKey === undefined)) {
    return {
      ok: false,
      error:
        values.clientCert === undefined
          ? '--client-key needs --client-cert (mutual TLS sends both)'
          : '--client-cert needs --client-key (mutual TLS sends both)',
    };
  }
  if (values.clientCert !== undefined && values.clientKey !== undefined) {
    const cert = readPem('--client-cert', values.clientCert, 'CERTIFICATE');
    if (!cert.ok) return cert;
    const key = readPem('--client-key', values.clientKey, 'PRIVATE KEY');
    if (!key.ok) return key;
    tls.clientCert = cert.value;
    tls.clientKey = key.value;
  }
  try {
    createSecureContext({ ...(tls.ca ? { ca: tls.ca.pem } : {}), ...(tls.clientCert ? { cert: tls.clientCert.pem, key: tls.clientKey!.pem } : {}) });
  } catch (error) {
    const reason = (error as Error).message;
    const which = /key values mismatch/i.test(reason)
      ? `--client-key ${values.clientKey} does not belong to --client-cert ${values.clientCert}`
      : `the TLS files cannot be used (${reason})`;
    return { ok: false, error: which };
  }
  return { ok: true, value: tls };
}

/**
 * Reads and checks the connection flags into the settings every consumer (conformance, fuzz,
 * capture) opens its connection with. Every problem is one line, found before any request:
 * a header without a colon, an unreadable or mismatched certificate, a proxy variable that is
 * not a URL, claims that are not JSON. The token command is not run here; the pre-flight runs it.
 */
export function readConnectionFlags(values: ConnectionFlagValues, env: NodeJS.ProcessEnv): Read<ConnectionSettings> {
  if (values.token !== undefined && values.tokenCommand !== undefined) {
    return { ok: false, error: "--token (or TOKEN) and --token-command (or TOKEN_COMMAND) both name the run's token: give one" };
  }
  const headers: HeaderSetting[] = [];
  for (const text of values.header) {
    const parsed = parseHeaderFlag(text);
    if (!parsed.ok) return parsed;
    headers.push(parsed.header);
  }
  const claims = parseJwtClaims(values.jwtClaims);
  if (!claims.ok) return claims;
  const tls = readTls(values);
  if (!tls.ok) return tls;
  const proxy = proxyFromEnvironment(env);
  const proxyProblem = findProxyProblem(proxy);
  if (proxyProblem !== undefined) return { ok: false, error: proxyProblem };
  return {
    ok: true,
    value: {
      baseUrl: values.baseUrl,
      auth: {
        scheme: values.authScheme,
        ...(values.token !== undefined ? { token: values.token } : {}),
        ...(values.jwtSecret !== undefined ? { jwtSecret: values.jwtSecret } : {}),
        ...(Object.keys(claims.claims).length > 0 ? { jwtClaims: claims.claims } : {}),
        ...(values.tokenCommand !== undefined ? { tokenCommand: values.tokenCommand } : {}),
      },
      headers,
      tls: tls.value,
      proxy,
      ...(values.rate !== undefined ? { rate: values.rate } : {}),
      maxConnections: values.maxConnections,
      timeout: values.timeout,
      retryThrottled: values.retryThrottled,
    },
  };
}
