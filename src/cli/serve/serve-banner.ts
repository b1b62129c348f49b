import { INDEX_NAMES, type AttachedDataFile, type RequestLogEntry, type Store } from '../../reference-server/index.js';

/** One log line per request: `<time> METHOD /path STATUS 1.2ms`. */
export function formatLogLine(entry: RequestLogEntry): string {
  return `${new Date().toISOString()} ${entry.method} ${entry.path} ${entry.status} ${entry.durationMs.toFixed(1)}ms\n`;
}

/**
 * The lines `mgmt-kit serve` prints once it listens: where, the spec and docs, and — with
 * authentication on — a ready token, the generated secret when none was given, and a curl to try.
 */
export function formatServeBanner(url: string, auth: { token: string; generatedSecret: string | undefined } | undefined): string {
  const lines = [`mgmt-kit reference server listening on ${url}`, `  spec:  ${url}/openapi.yaml  ${url}/openapi.json`, `  docs:  ${url}/docs`];
  if (!auth) lines.push('  auth:  off (--no-auth): no token needed');
  else {
    if (auth.generatedSecret !== undefined) {
      lines.push(`  auth:  no --jwt-secret or JWT_SECRET given; generated secret for this run: ${auth.generatedSecret}`);
    }
    lines.push(`  token: ${auth.token}`, '  (valid 24h; mint more with: npx mgmt-kit token --secret <secret> --expires 1h)');
    lines.push(`  try:   curl -H "Authorization: Bearer ${auth.token}" ${url}/type/network-link`);
  }
  return `${lines.join('\n')}\n`;
}

/** The banner line of `--data`: the file, and whether it was loaded or created. */
export function formatDataBanner(data: AttachedDataFile | undefined, store: Store): string {
  if (!data) return '';
  const records = INDEX_NAMES.reduce((sum, name) => sum + store[name].size, 0);
  const how = data.created ? 'created with the start records' : 'loaded';
  return `  data:  ${data.file} (${how}, ${records} records; every change is written there)\n`;
}
