import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { findNothingServed } from './find-nothing-served.js';

/** What {@link checkTarget} needs to try one plain read. */
export interface TargetCheck {
  baseUrl: string;
  token?: string | undefined;
  /** Word before the token; default `Bearer`, `''` sends the bare token. */
  authScheme?: string | undefined;
  timeoutMs?: number | undefined;
}

/** The path of the pre-flight read: the smallest index, which the service starts with (§2.2). */
export const PREFLIGHT_PATH = '/type/network-link';

/** Why `--base-url` is not something the suite can talk to, or undefined when it is an http(s) URL. */
export function findBaseUrlProblem(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `--base-url "${baseUrl}" is not a URL (expected e.g. https://mgmt.example.net)`;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : `--base-url "${baseUrl}" must be an http:// or https:// URL`;
}

/**
 * One GET without a body through node:http(s), as the suite's axios client sends it (fetch would
 * refuse ports such as 1 or 6000 that the suite itself can reach). Resolves to the status or to
 * why no answer came.
 */
function getStatus(url: string, headers: Record<string, string>, timeoutMs: number): Promise<{ status: number; body: Buffer } | { error: string }> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(url, { method: 'GET', headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.message || error.code || String(error) }));
    req.end();
  });
}

/**
 * The pre-flight of a conformance run: one plain read (`GET /type/network-link`, no body) with the
 * run's Authorization. Resolves to one line saying what was tried and what to check when the
 * target does not answer or refuses the token (401/403), so a run stops before its first scenario
 * instead of failing every one of them, or when nothing of the service is served at the URL's path
 * (find-nothing-served.ts); undefined when the target answered anything else.
 */
export async function checkTarget(check: TargetCheck): Promise<string | undefined> {
  const timeoutMs = check.timeoutMs ?? 15_000;
  const scheme = check.authScheme ?? 'Bearer';
  const url = `${check.baseUrl.replace(/\/+$/, '')}${PREFLIGHT_PATH}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (check.token !== undefined) headers['authorization'] = scheme === '' ? check.token : `${scheme} ${check.token}`;
  const answer = await getStatus(url, headers, timeoutMs);
  if ('error' in answer) {
    return `cannot reach the target: GET ${url} failed (${answer.error}). Check the URL (--base-url / BASE_URL) and that the service is up and reachable from here.`;
  }
  const nothingServed = findNothingServed(url, answer);
  if (nothingServed !== undefined) return nothingServed;
  const { status } = answer;
  if (status !== 401 && status !== 403) return undefined;
  const sent =
    check.token === undefined
      ? 'no Authorization header (no --token and no --jwt-secret)'
      : `Authorization: ${scheme === '' ? '<token>' : `${scheme} <token>`}`;
  return (
    `the target refused the token: GET ${url} with ${sent} answered ${status}. ` +
    'Check --token / TOKEN (or --jwt-secret and --jwt-claims for a minted token) and --auth-scheme (the word before the token).'
  );
}
