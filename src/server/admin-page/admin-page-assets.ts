import { INDEX_NAMES } from '../core/index.js';
import { ADMIN_PREFIX } from '../controls/index.js';
import { readAdminPageScript } from './admin-page-script.js';
import type { DocsAssets, StaticAsset } from '../docs-pages/docs-assets.js';

const recordsSection = (index: string) => `
      <div class="index"><h3>${index} <small id="count-${index}"></small></h3>
        <table id="records-${index}"><thead><tr><th>id</th><th>record</th></tr></thead><tbody></tbody></table></div>`;

/**
 * The admin page (`GET /__admin/`, `--admin` only): one HTML file and one script beside it, no
 * framework, nothing fetched from elsewhere, so it works offline and under a strict CSP.
 */
const ADMIN_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>mgmt-kit mock — admin</title>
  <link rel="stylesheet" href="${ADMIN_PREFIX}/admin.css">
</head>
<body>
  <header>
    <h1>mgmt-kit mock</h1>
    <button id="reset" title="POST ${ADMIN_PREFIX}/reset: back to preload and seed; fault rules and journal cleared">Reset</button>
    <button id="download" title="GET ${ADMIN_PREFIX}/state as a file">Download state</button>
    <label class="button" title="PUT ${ADMIN_PREFIX}/state from a file">Upload state <input id="upload" type="file" accept="application/json,.json"></label>
    <span id="status" role="status"></span>
  </header>
  <main>
    <section id="records"><h2>Records</h2>
      <div class="indices">${INDEX_NAMES.map(recordsSection).join('')}
      </div>
      <pre id="record-json" aria-label="the selected record as JSON">Click a row to see its JSON.</pre>
    </section>
    <section id="faults"><h2>Fault rules</h2>
      <form id="fault-form">
        <select name="method" aria-label="method"><option value="">any method</option><option>GET</option><option>POST</option><option>PUT</option><option>DELETE</option></select>
        <input name="path" placeholder="/event or ^/event/" required aria-label="path">
        <label><input name="pattern" type="checkbox"> pattern</label>
        <input name="status" placeholder="status: 503, drop, timeout" aria-label="status">
        <input name="delay" placeholder="delay: 3s" aria-label="delay">
        <input name="times" type="number" min="1" placeholder="times" aria-label="times">
        <button type="submit">Add rule</button>
        <button type="button" id="clear-faults">Remove all</button>
      </form>
      <p id="fault-form-error" class="form-error" role="alert" hidden></p>
      <table id="fault-rules"><thead><tr><th>id</th><th>method</th><th>path</th><th>status</th><th>delay</th><th>fired</th><th>left</th><th></th></tr></thead><tbody></tbody></table>
    </section>
    <section id="journal"><h2>Requests <small>(newest first, live)</small></h2>
      <p><button id="clear-journal">Clear</button> <label><input id="pause" type="checkbox"> pause</label></p>
      <table id="requests"><thead><tr><th>#</th><th>time</th><th>method</th><th>path</th><th>status</th><th>answered</th><th>injected by</th><th>ms</th></tr></thead><tbody></tbody></table>
      <pre id="request-json" aria-label="the selected request as JSON"></pre>
    </section>
  </main>
  <script src="${ADMIN_PREFIX}/admin.js"></script>
</body>
</html>
`;

/** The page's styles: readable without any framework. */
const ADMIN_PAGE_CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f8fa}
header{display:flex;gap:8px;align-items:center;padding:10px 16px;background:#24292f;color:#fff}
header h1{font-size:18px;margin:0 16px 0 0}
button,.button{font:inherit;padding:4px 10px;border:1px solid #8c959f;border-radius:4px;background:#fff;color:#1b1f24;cursor:pointer}
.button input{display:none}
#status{margin-left:auto;font-family:monospace;min-width:0;max-width:40%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
main{padding:8px 16px}
section{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:8px 12px;margin:10px 0}
h2{font-size:16px;margin:4px 0 8px}h3{font-size:14px;margin:4px 0}
.indices{display:grid;grid-template-columns:repeat(3,1fr);gap:12px}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:2px 6px;border-bottom:1px solid #eaeef2;font-family:monospace;font-size:12px;max-width:420px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
tbody tr{cursor:pointer}tbody tr:hover{background:#f0f6ff}
tr.error td.status{color:#cf222e;font-weight:bold}tr.injected td{background:#fff8c5}
tr.spent td{color:#8c959f;text-decoration:line-through}tr.spent td:last-child{text-decoration:none}
.spent-label{display:inline-block;margin-right:6px;padding:0 6px;border-radius:8px;background:#eaeef2;color:#57606a;font-size:11px;text-decoration:none}
.form-error{margin:0 0 8px;padding:6px 8px;border:1px solid #ff8182;border-radius:4px;background:#ffebe9;color:#82071e;font-family:monospace;font-size:12px;white-space:pre-wrap;overflow-wrap:anywhere}
pre{background:#f6f8fa;border:1px solid #d0d7de;padding:6px;max-height:220px;overflow:auto;font-size:12px}
form{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-bottom:8px}
input,select{font:inherit;padding:3px 6px}input[name=path]{width:200px}input[name=times]{width:70px}
`;

const asset = (contentType: string, text: string): StaticAsset => ({ contentType, body: Buffer.from(text, 'utf8') });

/** The page's files, read once: by the first server started with `admin`. */
let pageFiles: ReadonlyMap<string, StaticAsset> | undefined;
const readPageFiles = (): ReadonlyMap<string, StaticAsset> =>
  new Map([
    [`${ADMIN_PREFIX}`, asset('text/html; charset=utf-8', ADMIN_PAGE_HTML)],
    [`${ADMIN_PREFIX}/`, asset('text/html; charset=utf-8', ADMIN_PAGE_HTML)],
    [`${ADMIN_PREFIX}/admin.js`, asset('text/javascript; charset=utf-8', readAdminPageScript())],
    [`${ADMIN_PREFIX}/admin.css`, asset('text/css; charset=utf-8', ADMIN_PAGE_CSS)],
  ]);

/**
 * The docs assets plus the admin page (`GET /__admin/`, its script and styles), for a server
 * started with `admin`. Without it the page does not exist: /__admin/ is a 404 like any path.
 */
export function withAdminPage(assets: DocsAssets): DocsAssets {
  pageFiles ??= readPageFiles();
  const files = pageFiles;
  return (path, origin) => files.get(path) ?? assets(path, origin);
}
