import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadOpenApiDocument, type OpenApiDocument } from '../core/index.js';
import {
  ADMIN_PREFIX,
  CONNECTION_FAULTS,
  CORS_EXPOSED_HEADERS,
  DEFAULT_JOURNAL_SIZE,
  FAULT_DELAY_HEADER,
  FAULT_STATUS_HEADER,
  GATEWAY_STATUSES,
  INJECTED_HEADER,
  MAX_DELAY_MS,
} from '../controls/index.js';
import { breakSchemaCycles } from '../../contract/spec/break-schema-cycles.js';
import { readOpenApiYaml } from '../../contract/spec/read-openapi-yaml.js';

/** Where the server hands out the spec without recursive schemas (src/contract/spec/break-schema-cycles.ts). */
export const PORTABLE_SPEC_PATH = '/openapi.portable.json';

const GATEWAY = Object.keys(GATEWAY_STATUSES).join(', ');
const CONNECTION = CONNECTION_FAULTS.map((fault) => `<code>${fault}</code>`).join(', ');

/**
 * The /docs section on the mock controls of the reference server: CORS, the admin routes, the
 * fault headers and delays. A section of its own, apart from Swagger UI, because none of it is
 * an operation of the spec (the management service has no such routes). Static HTML built from
 * the same constants the server uses; relative paths only (the page loads nothing external).
 */
const DOCS_MOCK_CONTROLS_SECTION = `<section id="mock-controls" class="swagger-ui" style="max-width:1460px;margin:0 auto;padding:0 20px 40px">
    <h2 class="title">Mock controls of this reference server (not part of the API)</h2>
    <p>Flags of <code>mgmt-kit serve</code> for frontend work. They are not operations of the spec: a real deployment has none of them.</p>
    <h3>CORS (on by default)</h3>
    <p>Preflights (<code>OPTIONS</code> with <code>Origin</code> and <code>Access-Control-Request-Method</code>) are answered 204 without a token, allowing every request header they ask for (tracing headers such as <code>traceparent</code> included). Every answer, errors included, carries <code>Access-Control-Allow-Origin</code> and <code>Access-Control-Expose-Headers: ${CORS_EXPOSED_HEADERS}</code>. <code>--cors-origin ORIGIN</code> (repeatable) allows only those origins; <code>--cors=false</code> turns CORS off.</p>
    <h3>State control (<code>--admin</code> only; no token)</h3>
    <table class="parameters"><thead><tr><th>route</th><th>answer</th></tr></thead><tbody>
      <tr><td><code>POST ${ADMIN_PREFIX}/reset</code></td><td>200 envelope; the indices are back to the preload and <code>--seed</code></td></tr>
      <tr><td><code>GET ${ADMIN_PREFIX}/state</code></td><td>200 <code>{"event": [...], "network-link-type": [...], "agent": [...]}</code> (the <code>--seed</code> file shape)</td></tr>
      <tr><td><code>PUT ${ADMIN_PREFIX}/state</code></td><td>200 envelope; every record replaced. Checked as <code>--seed</code> is: a bad record is a 400 naming it and nothing changes; 415 without JSON</td></tr>
      <tr><td><code>GET ${ADMIN_PREFIX}/</code></td><td>a page showing the records, the journal (live) and the fault rules, with reset and download/upload of the state</td></tr>
      <tr><td><code>GET ${ADMIN_PREFIX}/requests</code></td><td>200 the API requests answered, newest last (a ring of <code>--journal-size</code>, default ${DEFAULT_JOURNAL_SIZE}; the token masked); filters <code>method</code>, <code>path</code> or <code>pathPattern</code>, <code>status</code> (<code>404</code>, <code>4xx</code>), <code>since</code>, <code>limit</code>; a bad filter is a 400</td></tr>
      <tr><td><code>DELETE ${ADMIN_PREFIX}/requests</code></td><td>200 envelope; the journal is empty</td></tr>
      <tr><td><code>POST ${ADMIN_PREFIX}/faults</code></td><td>201 envelope with the rule's id. A rule <code>{"method":"POST","path":"/event","status":503,"times":2}</code> (<code>pathPattern</code> for a regular expression, <code>delay</code>, <code>times</code>) answers or delays the matching API requests; a bad rule is a 400 naming the problem, nothing added</td></tr>
      <tr><td><code>GET ${ADMIN_PREFIX}/faults</code></td><td>200 the rules, with how many times each fired</td></tr>
      <tr><td><code>DELETE ${ADMIN_PREFIX}/faults</code>, <code>DELETE ${ADMIN_PREFIX}/faults/{id}</code></td><td>200 envelope; every rule or that one removed (404 for an unknown id)</td></tr>
    </tbody></table>
    <p><code>POST ${ADMIN_PREFIX}/reset</code> also removes the fault rules and clears the journal. <code>--watch</code> (with <code>--seed FILE</code>) reloads the file when it changes and resets the state to it.</p>
    <h3>Latency and faults</h3>
    <table class="parameters"><thead><tr><th>how</th><th>effect</th></tr></thead><tbody>
      <tr><td><code>--delay 300ms</code>, <code>--delay 100-800ms</code></td><td>every API answer waits that long (a range: drawn per answer); at most ${MAX_DELAY_MS / 1000}s</td></tr>
      <tr><td>header <code>${FAULT_STATUS_HEADER}: 500</code> (<code>--admin</code>)</td><td>answers that status with the envelope instead of acting; it must be a status the spec documents for the operation, a gateway status (${GATEWAY}; <code>Retry-After</code> on 429 and 503) or ${CONNECTION} (cut the connection, never answer), else 400 saying which are. Injected answers carry <code>${INJECTED_HEADER}</code></td></tr>
      <tr><td>header <code>${FAULT_DELAY_HEADER}: 2s</code> (<code>--admin</code>)</td><td>this one answer waits that long (instead of <code>--delay</code>)</td></tr>
    </tbody></table>
    <p>Without <code>--admin</code> the headers are ignored and <code>${ADMIN_PREFIX}</code> is an unknown path (404).</p>
  </section>`;

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
