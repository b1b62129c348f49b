import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { parseJwtClaims } from '../tokens/index.js';
import type { ConnectionSettings, HeaderSetting, PemFile, TlsSettings } from './connection-settings.js';
import { parseHeaderFlag } from './parse-header-flag.js';
import { findProxyProblem, proxyFromEnvironment } from './proxy-for-url.js';

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
      timeoutMs: values.timeout,
      retryThrottled: values.retryThrottled,
    },
  };
}
