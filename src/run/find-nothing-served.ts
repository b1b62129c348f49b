/** What the pre-flight read answered, as far as this check needs it. */
export interface PreflightAnswer {
  status: number;
  body: Buffer | string;
}

/** True when `text` is the service's envelope (§4.1): items with a numeric code, as a list or one item. */
export function isEnvelope(text: string): boolean {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return false;
  }
  const first: unknown = Array.isArray(data) ? data[0] : data;
  return typeof first === 'object' && first !== null && typeof (first as { code?: unknown }).code === 'number';
}

/**
 * A 404 to the pre-flight's read of the preloaded network link types (§2.2) without the service's
 * envelope: whatever answered (a gateway, a web server, another app) serves nothing of the service
 * at this path, typically a wrong path prefix in --base-url. Every scenario would fail, so the run
 * stops before the first one. A 404 with the envelope is the service's own answer and the suite
 * judges it; undefined then, and for any other status.
 */
export function findNothingServed(url: string, answer: PreflightAnswer): string | undefined {
  if (answer.status !== 404) return undefined;
  const text = Buffer.isBuffer(answer.body) ? answer.body.toString('utf8') : answer.body;
  if (isEnvelope(text)) return undefined;
  return (
    `nothing is served at this path: GET ${url} answered 404 without the service's envelope (a list of items with status, code, error and message). ` +
    "Check the path in --base-url / BASE_URL: the service's own paths (/event, /type/network-link, /catalog/agent) follow it directly."
  );
}

/**
 * Every index path (`/event`, `/type/network-link`, `/catalog/agent`) answered 404 with the
 * service's envelope: something that speaks the service's language answers, but serves no index
 * at this prefix — typically a path prefix in --base-url the deployment does not have.
 */
export function findNoServiceAtPrefix(url: string, base: string): string {
  return (
    `no index is served at this prefix: GET ${url} answered 404 with the service's envelope, and so did /event and /catalog/agent. ` +
    `Is the path prefix of --base-url / BASE_URL right (${base})? The service's own paths follow it directly (a deployment whose indices are all empty, network link types included: pass --no-preload-check).`
  );
}
