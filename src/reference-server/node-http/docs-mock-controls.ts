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
} from '../mock-controls/index.js';

const GATEWAY = Object.keys(GATEWAY_STATUSES).join(', ');
const CONNECTION = CONNECTION_FAULTS.map((fault) => `<code>${fault}</code>`).join(', ');

/**
 * The /docs section on the mock controls of the reference server: CORS, the admin routes, the
 * fault headers and delays. A section of its own, apart from Swagger UI, because none of it is
 * an operation of the spec (the management service has no such routes). Static HTML built from
 * the same constants the server uses; relative paths only (the page loads nothing external).
 */
export const DOCS_MOCK_CONTROLS_SECTION = `<section id="mock-controls" class="swagger-ui" style="max-width:1460px;margin:0 auto;padding:0 20px 40px">
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
