import { ADMIN_PREFIX } from '../mock-controls/index.js';

/**
 * The admin page's script (plain browser JavaScript, served as `/__admin/admin.js`). It uses
 * only the admin routes; every value reaches the page through textContent, never as HTML.
 * The journal and the records are polled once a second (no server push to keep open).
 */
export const ADMIN_PAGE_SCRIPT = `'use strict';
const ADMIN = '${ADMIN_PREFIX}';
const $ = (selector) => document.querySelector(selector);
const show = (text) => { $('#status').textContent = text; $('#status').title = text; };

async function call(method, path, body) {
  const init = { method, headers: body === undefined ? {} : { 'content-type': 'application/json' } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await fetch(ADMIN + path, init);
  const data = response.status === 204 ? undefined : await response.json();
  return { status: response.status, data };
}

function messageOf(answer) {
  const item = Array.isArray(answer.data) ? answer.data[0] : undefined;
  const message = item && typeof item.message === 'object' ? JSON.stringify(item.message) : item && item.message;
  return answer.status + ' ' + (message || '');
}

function row(tbody, cells, onClick) {
  const tr = tbody.insertRow();
  for (const cell of cells) {
    const td = tr.insertCell();
    if (cell instanceof Node) td.append(cell); else td.textContent = cell === undefined ? '' : String(cell);
  }
  if (onClick) tr.addEventListener('click', onClick);
  return tr;
}

async function refreshRecords() {
  const answer = await call('GET', '/state');
  for (const [index, records] of Object.entries(answer.data)) {
    const tbody = $('#records-' + index + ' tbody');
    if (!tbody) continue;
    tbody.replaceChildren();
    $('#count-' + index).textContent = '(' + records.length + ')';
    for (const record of records) {
      const { id, ...rest } = record;
      row(tbody, [id, JSON.stringify(rest)], () => { $('#record-json').textContent = JSON.stringify(record, null, 2); });
    }
  }
}

async function refreshJournal() {
  if ($('#pause').checked) return;
  const answer = await call('GET', '/requests?limit=100');
  const tbody = $('#requests tbody');
  tbody.replaceChildren();
  for (const entry of answer.data.slice().reverse()) {
    const answered = entry.records ? entry.items + ' records' : entry.envelope ? (entry.items > 1 ? entry.items + ' items: ' : '') + (typeof entry.envelope[0].message === 'string' ? entry.envelope[0].message : JSON.stringify(entry.envelope[0].message)) : '';
    const query = entry.query ? '?' + entry.query : '';
    const tr = row(tbody, [entry.seq, entry.time.slice(11, 23), entry.method, entry.path + query, entry.status, answered, entry.injectedBy, entry.durationMs],
      () => { $('#request-json').textContent = JSON.stringify(entry, null, 2); });
    tr.cells[4].className = 'status';
    if (typeof entry.status !== 'number' || entry.status >= 400) tr.classList.add('error');
    if (entry.injectedBy) tr.classList.add('injected');
  }
}

async function refreshFaults() {
  const answer = await call('GET', '/faults');
  const tbody = $('#fault-rules tbody');
  tbody.replaceChildren();
  for (const rule of answer.data) {
    const remove = document.createElement('button');
    remove.textContent = 'Remove';
    remove.addEventListener('click', async () => { show('remove ' + rule.id + ' → ' + messageOf(await call('DELETE', '/faults/' + rule.id))); await refreshFaults(); });
    // A rule with no firing left stays listed (its count is still worth seeing) but reads as spent.
    const spent = rule.remaining === 0;
    const actions = document.createElement('span');
    if (spent) {
      const label = document.createElement('span');
      label.className = 'spent-label';
      label.textContent = 'spent';
      actions.append(label);
    }
    actions.append(remove);
    const tr = row(tbody, [rule.id, rule.method || 'any', rule.path || '/' + rule.pathPattern + '/', rule.status, rule.delay, rule.fired, rule.remaining === undefined ? '∞' : rule.remaining, actions]);
    if (spent) tr.classList.add('spent');
  }
}

/** True when every part was refreshed; else the status line says why. */
async function refreshAll() {
  try {
    await Promise.all([refreshRecords(), refreshJournal(), refreshFaults()]);
    return true;
  } catch (error) {
    show('cannot reach the mock: ' + error.message);
    return false;
  }
}

$('#fault-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const rule = {};
  if (form.get('method')) rule.method = form.get('method');
  rule[form.get('pattern') ? 'pathPattern' : 'path'] = form.get('path');
  const status = String(form.get('status') || '').trim();
  if (status) rule.status = /^\\d+$/.test(status) ? Number(status) : status;
  if (form.get('delay')) rule.delay = String(form.get('delay'));
  if (form.get('times')) rule.times = Number(form.get('times'));
  const answer = await call('POST', '/faults', rule);
  // A refusal is shown beside the form it is about, in full; the header keeps a short line.
  const error = $('#fault-form-error');
  error.hidden = answer.status < 400;
  error.textContent = answer.status < 400 ? '' : 'Rule not added: ' + messageOf(answer);
  show(answer.status < 400 ? 'add rule → ' + messageOf(answer) : 'add rule → ' + answer.status + ' (see the form)');
  await refreshFaults();
});
$('#clear-faults').addEventListener('click', async () => { show('remove all → ' + messageOf(await call('DELETE', '/faults'))); await refreshFaults(); });
$('#clear-journal').addEventListener('click', async () => { show('clear → ' + messageOf(await call('DELETE', '/requests'))); await refreshJournal(); });
$('#reset').addEventListener('click', async () => { show('reset → ' + messageOf(await call('POST', '/reset'))); await refreshAll(); });
$('#download').addEventListener('click', async () => {
  const answer = await call('GET', '/state');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([JSON.stringify(answer.data, null, 2)], { type: 'application/json' }));
  link.download = 'mgmt-kit-state.json';
  link.click();
  URL.revokeObjectURL(link.href);
  show('downloaded the state');
});
$('#upload').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  show('upload → ' + messageOf(await call('PUT', '/state', await file.text())));
  event.target.value = '';
  await refreshRecords();
});

refreshAll().then((ok) => { if (ok) show('ready'); });
setInterval(refreshAll, 1000);
`;
