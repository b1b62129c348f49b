import type { OpenApiDocument } from '../core/index.js';
import type { StaticAsset } from './static-asset.js';

/** One entry of the spec's `servers`. */
export interface ServerEntry {
  url: string;
  description?: string;
}

/** The spec as served to one origin: /openapi.json and /openapi.yaml. */
export interface ServedSpec {
  json: StaticAsset;
  yaml: StaticAsset;
}

/** Description of the `servers` entry that names the serving origin. */
export const SERVING_ORIGIN_DESCRIPTION = 'This server (the one that served this document)';

/** Distinct origins kept rendered; the Host header is client-controlled, so the cache is bounded. */
export const MAX_CACHED_ORIGINS = 32;

// The top-level `servers:` block of the hand-written YAML: the key at column 0 and every line
// after it up to the next line that starts a top-level key.
const SERVERS_BLOCK = /^servers:[^\n]*\n(?:(?:[ \t-][^\n]*|#[^\n]*)?\n)*/m;

/** The documented servers with the serving origin first (listed once, even when documented). */
export function serversWithOrigin(origin: string, documented: readonly ServerEntry[]): ServerEntry[] {
  return [{ url: origin, description: SERVING_ORIGIN_DESCRIPTION }, ...documented.filter((s) => s.url !== origin)];
}

// JSON strings are valid YAML flow scalars, so every value is written with JSON.stringify.
function renderServersBlock(servers: readonly ServerEntry[]): string {
  const lines = ['servers:'];
  for (const server of servers) {
    lines.push(`  - url: ${JSON.stringify(server.url)}`);
    if (server.description !== undefined) lines.push(`    description: ${JSON.stringify(server.description)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Renders the spec for the origin that serves it: `servers` lists that origin
 * first and the documented ones after it, in the JSON and in the YAML as written (only its
 * `servers` block is replaced, comments and layout elsewhere stay). Each origin is rendered once
 * and kept (up to {@link MAX_CACHED_ORIGINS}, oldest dropped first), so a request for the spec
 * costs a map lookup.
 *
 * @example
 * const specFor = createServedSpec(loadOpenApiDocument(), readOpenApiYaml());
 * specFor('http://127.0.0.1:9000').json.body; // servers[0].url === 'http://127.0.0.1:9000'
 */
export function createServedSpec(document: OpenApiDocument, yamlText: string): (origin: string) => ServedSpec {
  if (!SERVERS_BLOCK.test(yamlText)) throw new Error('spec/openapi.yaml has no top-level servers: block to serve the origin in');
  const documented = (document['servers'] as ServerEntry[] | undefined) ?? [];
  const cache = new Map<string, ServedSpec>();

  function render(origin: string): ServedSpec {
    const servers = serversWithOrigin(origin, documented);
    const json = JSON.stringify({ ...document, servers }, null, 2);
    // A function replacement, so `$` in a URL is not read as a replacement pattern.
    const yaml = yamlText.replace(SERVERS_BLOCK, () => renderServersBlock(servers));
    return {
      json: { contentType: 'application/json', body: Buffer.from(json, 'utf8') },
      yaml: { contentType: 'application/yaml; charset=utf-8', body: Buffer.from(yaml, 'utf8') },
    };
  }

  return (origin) => {
    let served = cache.get(origin);
    if (!served) {
      served = render(origin);
      if (cache.size >= MAX_CACHED_ORIGINS) cache.delete(cache.keys().next().value as string);
      cache.set(origin, served);
    }
    return served;
  };
}
