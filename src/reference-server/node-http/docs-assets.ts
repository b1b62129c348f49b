import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadOpenApiDocument, type OpenApiDocument } from '../core/index.js';
import { breakSchemaCycles } from '../../spec/break-schema-cycles.js';
import { readOpenApiYaml } from '../../spec/read-openapi-yaml.js';
import { DOCS_MOCK_CONTROLS_SECTION } from './docs-mock-controls.js';

/** Where the server hands out the spec without recursive schemas (src/spec/break-schema-cycles.ts). */
export const PORTABLE_SPEC_PATH = '/openapi.portable.json';

/** The Swagger UI files /docs needs, served from node_modules (no CDN). */
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>mgmt-kit reference server — API docs</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <section id="decisions" class="swagger-ui" style="max-width:1460px;margin:0 auto;padding:0 20px 40px">
    <h2 class="title">Decisions where the service description says "not shown" (<code>info.x-decisions</code>)</h2>
    <table class="parameters"><thead><tr><th>id</th><th>section (docs/management-service.md)</th><th>choice</th></tr></thead><tbody></tbody></table>
  </section>
  ${DOCS_MOCK_CONTROLS_SECTION}
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/docs-init.js"></script>
</body>
</html>
`;

// A separate file rather than an inline script, so the page works under a strict CSP too.
const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  // A browser cannot send a GET body (fetch throws "Request with GET/HEAD method cannot have
  // body"), yet the read query travels in one: "Try it out" sends the read without it, which
  // answers every record (or the record of the path id). The curl shown keeps the query.
  requestInterceptor: (request) => {
    if (request.method === 'GET' && request.body !== undefined) {
      delete request.body;
      delete request.headers['Content-Type'];
    }
    return request;
  }
});
// Swagger UI does not render info extensions: list the x-decisions below it (textContent only).
fetch('/openapi.json').then((r) => r.json()).then((doc) => {
  const body = document.querySelector('#decisions tbody');
  for (const decision of (doc.info && doc.info['x-decisions']) || []) {
    const row = body.insertRow();
    for (const key of ['id', 'section', 'choice']) row.insertCell().textContent = decision[key];
  }
});
`;

/**
 * Finds the unauthenticated GET route of a path. `origin` is asked only for the spec routes,
 * whose `servers` name the origin the request came in by.
 */
export type DocsAssets = (path: string, origin: () => string) => StaticAsset | undefined;

/**
 * The unauthenticated GET routes: the spec as written (/openapi.yaml), as JSON (/openapi.json),
 * without recursive schemas for tools that refuse them (/openapi.portable.json, Portman), and
 * Swagger UI at /docs pointing at /openapi.json (serve the spec and a docs page).
 * The spec's `servers` start with the serving origin, rendered once per origin;
 * the rest is built once, when first asked for (the Swagger UI files, 1.7 MB, and the portable
 * spec are not read or made at start: a server answers its first request sooner).
 * Only these exact paths are served, so no request can reach another file.
 */
export function createDocsAssets(): DocsAssets {
  const yaml = readOpenApiYaml();
  const specFor = createServedSpec(loadOpenApiDocument(), yaml);
  let portableFor: ReturnType<typeof createServedSpec> | undefined;
  const assets = new Map<string, StaticAsset>();
  const text = (contentType: string, body: string): StaticAsset => ({ contentType, body: Buffer.from(body, 'utf8') });
  assets.set('/docs', text('text/html; charset=utf-8', DOCS_PAGE));
  assets.set('/docs/', text('text/html; charset=utf-8', DOCS_PAGE));
  assets.set('/docs/docs-init.js', text('text/javascript; charset=utf-8', DOCS_INIT));
  // Only the directory: importing swagger-ui-dist's main would load its 1.7 MB browser bundle
  // into the server (about 40 MB of RSS) just to learn where the files are.
  let root: string | undefined;
  const swaggerFile = (path: string): StaticAsset | undefined => {
    const file = path.slice('/docs/'.length);
    const contentType = path.startsWith('/docs/') && Object.hasOwn(SWAGGER_FILES, file) ? SWAGGER_FILES[file] : undefined;
    if (contentType === undefined) return undefined;
    root ??= dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    const asset = { contentType, body: readFileSync(join(root, file)) };
    assets.set(path, asset);
    return asset;
  };
  return (path, origin) => {
    if (path === '/openapi.json') return specFor(origin()).json;
    if (path === '/openapi.yaml') return specFor(origin()).yaml;
    if (path === PORTABLE_SPEC_PATH) {
      portableFor ??= createServedSpec(breakSchemaCycles(loadOpenApiDocument()), yaml);
      return portableFor(origin()).json;
    }
    return assets.get(path) ?? swaggerFile(path);
  };
}

/** A file the server hands out without authentication. */
export interface StaticAsset {
  contentType: string;
  body: Buffer;
}

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
