/**
 * The admin page's script (served as `/__admin/admin.js`, bundled by ./bundle-admin-page.ts). It
 * uses only the admin routes; every value reaches the page through textContent, never as HTML.
 * The journal and the records are polled once a second (no server push to keep open).
 * Type-checked for the browser by ./tsconfig.json (lib DOM, no Node types).
 */
import type { EnvelopeItem } from '../../core/envelope.js';
import { ADMIN_PREFIX } from '../../controls/admin-messages.js';
import type { FaultRuleView } from '../../controls/fault-rules.js';
import type { JournalEntry } from '../../controls/request-journal.js';

/** An answer of an admin route: its status and its JSON body (none on 204). */
interface AdminAnswer<Body> {
  status: number;
  data: Body;
}

/** The element the page's HTML always has; a missing one is a page/script mismatch. */
function element<T extends Element = HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`the admin page has no ${selector}`);
  return found;
}

function show(text: string): void {
  const status = element('#status');
  status.textContent = text;
  status.title = text;
}

async function call<Body = unknown>(method: string, path: string, body?: unknown): Promise<AdminAnswer<Body>> {
  const init: RequestInit = { method, headers: body === undefined ? {} : { 'content-type': 'application/json' } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await fetch(ADMIN_PREFIX + path, init);
  const data = (response.status === 204 ? undefined : await response.json()) as Body;
  return { status: response.status, data };
}

/** `<status> <message of the first envelope item>`: the short line the header shows. */
function messageOf(answer: AdminAnswer<unknown>): string {
  const item = Array.isArray(answer.data) ? (answer.data[0] as Partial<EnvelopeItem> | undefined) : undefined;
  const message = item && typeof item.message === 'object' ? JSON.stringify(item.message) : item?.message;
  return `${answer.status} ${message || ''}`;
}

function row(tbody: HTMLTableSectionElement, cells: readonly unknown[], onClick?: () => void): HTMLTableRowElement {
  const tr = tbody.insertRow();
  for (const cell of cells) {
    const td = tr.insertCell();
    if (cell instanceof Node) td.append(cell);
    else td.textContent = cell === undefined ? '' : String(cell);
  }
  if (onClick) tr.addEventListener('click', onClick);
  return tr;
}

async function refreshRecords(): Promise<void> {
  const answer = await call<Record<string, Array<Record<string, unknown>>>>('GET', '/state');
  for (const [index, records] of Object.entries(answer.data)) {
    const tbody = document.querySelector<HTMLTableSectionElement>(`#records-${index} tbody`);
    if (!tbody) continue;
    tbody.replaceChildren();
    element(`#count-${index}`).textContent = `(${records.length})`;
    for (const record of records) {
      const { id, ...rest } = record;
      row(tbody, [id, JSON.stringify(rest)], () => {
        element('#record-json').textContent = JSON.stringify(record, null, 2);
      });
    }
  }
}

/** What the journal's "answered" column says: the records read, or the first envelope message. */
function answeredText(entry: JournalEntry): string {
  if (entry.records) return `${entry.items} records`;
  const first = entry.envelope?.[0];
  if (!first) return '';
  const message = typeof first.message === 'string' ? first.message : JSON.stringify(first.message);
  return (entry.items !== undefined && entry.items > 1 ? `${entry.items} items: ` : '') + message;
}

async function refreshJournal(): Promise<void> {
  if (element<HTMLInputElement>('#pause').checked) return;
  const answer = await call<JournalEntry[]>('GET', '/requests?limit=100');
  const tbody = element<HTMLTableSectionElement>('#requests tbody');
  tbody.replaceChildren();
  for (const entry of answer.data.slice().reverse()) {
    const query = entry.query ? `?${entry.query}` : '';
    const cells = [
      entry.seq,
      entry.time.slice(11, 23),
      entry.method,
      entry.path + query,
      entry.status,
      answeredText(entry),
      entry.injectedBy,
      entry.durationMs,
    ];
    const tr = row(tbody, cells, () => {
      element('#request-json').textContent = JSON.stringify(entry, null, 2);
    });
    tr.cells[4]!.className = 'status';
    if (typeof entry.status !== 'number' || entry.status >= 400) tr.classList.add('error');
    if (entry.injectedBy) tr.classList.add('injected');
  }
}

async function refreshFaults(): Promise<void> {
  const answer = await call<FaultRuleView[]>('GET', '/faults');
  const tbody = element<HTMLTableSectionElement>('#fault-rules tbody');
  tbody.replaceChildren();
  for (const rule of answer.data) {
    const remove = document.createElement('button');
    remove.textContent = 'Remove';
    remove.addEventListener('click', async () => {
      show(`remove ${rule.id} → ${messageOf(await call('DELETE', `/faults/${rule.id}`))}`);
      await refreshFaults();
    });
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
    const path = rule.path ?? `/${rule.pathPattern ?? ''}/`;
    const tr = row(tbody, [rule.id, rule.method || 'any', path, rule.status, rule.delay, rule.fired, rule.remaining ?? '∞', actions]);
    if (spent) tr.classList.add('spent');
  }
}

/** True when every part was refreshed; else the status line says why. */
async function refreshAll(): Promise<boolean> {
  try {
    await Promise.all([refreshRecords(), refreshJournal(), refreshFaults()]);
    return true;
  } catch (error) {
    show(`cannot reach the mock: ${(error as Error).message}`);
    return false;
  }
}

/** The rule the form describes, as `POST /__admin/faults` reads it. */
function ruleOfForm(form: FormData): Record<string, string | number> {
  const text = (name: string) => String(form.get(name) ?? '');
  const rule: Record<string, string | number> = {};
  if (text('method')) rule['method'] = text('method');
  rule[text('pattern') ? 'pathPattern' : 'path'] = text('path');
  const status = text('status').trim();
  if (status) rule['status'] = /^\d+$/.test(status) ? Number(status) : status;
  if (text('delay')) rule['delay'] = text('delay');
  if (text('times')) rule['times'] = Number(text('times'));
  return rule;
}

element<HTMLFormElement>('#fault-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const answer = await call('POST', '/faults', ruleOfForm(new FormData(event.target as HTMLFormElement)));
  // A refusal is shown beside the form it is about, in full; the header keeps a short line.
  const error = element('#fault-form-error');
  error.hidden = answer.status < 400;
  error.textContent = answer.status < 400 ? '' : `Rule not added: ${messageOf(answer)}`;
  show(answer.status < 400 ? `add rule → ${messageOf(answer)}` : `add rule → ${answer.status} (see the form)`);
  await refreshFaults();
});
element('#clear-faults').addEventListener('click', async () => {
  show(`remove all → ${messageOf(await call('DELETE', '/faults'))}`);
  await refreshFaults();
});
element('#clear-journal').addEventListener('click', async () => {
  show(`clear → ${messageOf(await call('DELETE', '/requests'))}`);
  await refreshJournal();
});
// The status line names an action once every table shows its outcome, so what it says and what the page shows agree.
element('#reset').addEventListener('click', async () => {
  const message = messageOf(await call('POST', '/reset'));
  if (await refreshAll()) show(`reset → ${message}`);
});
element('#download').addEventListener('click', async () => {
  const answer = await call('GET', '/state');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([JSON.stringify(answer.data, null, 2)], { type: 'application/json' }));
  link.download = 'mgmt-kit-state.json';
  link.click();
  URL.revokeObjectURL(link.href);
  show('downloaded the state');
});
element<HTMLInputElement>('#upload').addEventListener('change', async (event) => {
  const input = event.target as HTMLInputElement;
  const file = input.files?.[0];
  if (!file) return;
  const message = messageOf(await call('PUT', '/state', await file.text()));
  input.value = '';
  if (await refreshAll()) show(`upload → ${message}`);
});

void refreshAll().then((ok) => {
  if (ok) show('ready');
});
setInterval(() => void refreshAll(), 1000);
