// What a client user writes with the exported types, as mistakes.ts holds what they must not:
// per-method result types that a helper can take, fixed item codes as literals, and the one call
// shape of all four methods. Checked by `npm run typecheck`; packed-packages compiles it again
// against the packed @mgmt-kit/client under a consumer's plain strict settings.
import {
  createClient,
  type CreateBody,
  type CreateResult,
  type DeleteResult,
  type IndexName,
  type ReadResult,
  type StatusOf,
  type UpdateBody,
  type UpdateCall,
  type UpdateNamedInBody,
  type UpdateResult,
  type Agent,
  type AgentInput,
  type AgentSelection,
  type DeleteQuery,
  type EnvelopeItem,
  type Event,
  type EventInput,
  type EventSelection,
  type EventUpdate,
  type NetworkLinkType,
  type NetworkLinkTypeInput,
  type NetworkLinkTypeSelection,
  type NetworkLinkTypeUpdate,
  type Query,
  type ReadRecordsResult,
  type RecordOf,
  type TokenProvider,
} from '../../src/client/index.js';
import type { components, paths } from '../../src/client/schema.js';

/** True only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(verdict: Same<A, B>): Same<A, B> => verdict;
/** True when each of A and B is assignable to the other (the client merges a schema's intersection into one object type). */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const mutual = <A, B>(verdict: Mutual<A, B>): Mutual<A, B> => verdict;

const client = createClient({ baseURL: 'https://mgmt.example', token: 'jwt' });

// A helper typed with one method's result takes what that method returns, and so does a variable.
function eventCount(result: ReadResult<'events'>): number {
  return result.status === 200 ? (result.data?.length ?? 0) : 0;
}
// With a status, the helper takes only that answer: here the record list of a 200 read.
function linkNames(result: ReadResult<'networkLinkTypes', 200>): string[] {
  return (result.data ?? []).map((row) => row.name ?? '');
}
function createdIds(result: CreateResult<'events', 201>): Array<string | undefined> {
  return (result.data ?? []).map((item) => item.id);
}
function changed(result: UpdateResult<'agents'>): boolean {
  return result.status === 200;
}
function deletedCount(result: DeleteResult<'networkLinkTypes'>): number {
  return result.status === 205 ? (result.data?.length ?? 0) : 0;
}
// Generic over the index: every read answers 200 with a list.
function isEmpty<I extends IndexName>(result: ReadResult<I>): boolean {
  return result.status === 200 && result.data?.length === 0;
}

export async function namedResults(): Promise<void> {
  const events: ReadResult<'events'> = await client.events.read();
  eventCount(events);
  eventCount(await client.events.read({ id: 'e1' }));
  isEmpty(events);
  const links = await client.networkLinkTypes.read({ query: { select: ['name'] } });
  if (links.status === 200) linkNames(links);
  const created = await client.events.create({ body: { id: 'e1', kind: 'link-down' } });
  if (created.status === 201) createdIds(created);
  changed(await client.agents.update({ id: 'filebeat', body: { description: 'ships logs' } }));
  deletedCount(await client.networkLinkTypes.delete());
  same<StatusOf<'events', 'delete'>, 205 | 400 | 401 | 404 | 406 | 413 | 415 | 422 | 500>(true);
}

export async function literalItemCodes(): Promise<void> {
  const created = await client.events.create({ body: { id: 'e1', kind: 'link-down' } });
  if (created.status === 201) {
    same<NonNullable<typeof created.data>[number]['code'], 201>(true);
    same<NonNullable<typeof created.data>[number]['error'], false>(true);
  }
  // A batch answers 406 with an item per record: 201 created, 406 refused (and 200/304 on update).
  if (created.status === 406) same<NonNullable<typeof created.data>[number]['code'], 200 | 201 | 304 | 406>(true);
  const updated = await client.networkLinkTypes.update({ id: 'mesh', body: { name: 'Mesh 2' } });
  if (updated.status === 200) same<NonNullable<typeof updated.data>[number]['code'], 200 | 304>(true);
  if (updated.status === 304) same<NonNullable<typeof updated.data>[number]['code'], 304>(true);
  const deleted = await client.events.delete({ query: { where: { equals: { target: 'kind', expr: 'link-down' } } } });
  if (deleted.status === 205) {
    // HTTP 205, items code 200 (§4.1); `map` keeps the literal as indexing does.
    const codes: Array<200> | undefined = deleted.data?.map((item) => item.code);
    const first: 200 | undefined = deleted.data?.[0]?.code;
    void [codes, first];
  }
  // Codes the spec leaves open stay numbers: an error envelope's items only say error: true.
  const read = await client.events.read();
  if (read.status === 401) same<NonNullable<typeof read.data>[number]['code'], number>(true);
}

export async function oneCallShape(): Promise<void> {
  await client.events.create({ body: { id: 'e1', kind: 'link-down' } });
  await client.events.create({ id: 'e2', body: { kind: 'link-up' } });
  await client.events.create({ body: [{ id: 'e3' }, { id: 'e4' }], headers: { 'x-request-id': 'r1' } });
  await client.events.read();
  await client.events.read({ id: 'e1' });
  await client.events.read({ query: { select: ['id'] }, queryIn: 'url' });
  await client.events.update({ id: 'e1', body: { kind: 'link-up' } });
  await client.events.update({ id: 'e1' });
  await client.events.update({ body: { id: 'e1', kind: 'link-up' } });
  await client.events.update({
    body: [
      { id: 'e1', note: 'a' },
      { id: 'e2', note: 'b' },
    ],
  });
  await client.events.delete({ id: 'e1' });
  await client.events.delete({ query: { where: { equals: { target: 'id', expr: 'e1' } } } });
  // A call object built ahead, at either path, goes in whole.
  const atPath = Math.random() < 0.5;
  const call: UpdateCall<'networkLinkTypes'> = atPath ? { id: 'mesh', body: { name: 'Mesh 2' } } : { body: { id: 'mesh', name: 'Mesh 2' } };
  await client.networkLinkTypes.update(call);
  const body: CreateBody<'networkLinkTypes'> = [{ id: 'mesh', name: 'Mesh' }];
  const change: UpdateBody<'networkLinkTypes'> = { name: 'Mesh 3' };
  const named: UpdateNamedInBody<'networkLinkTypes'> = { id: 'mesh', name: 'Mesh 4' };
  await client.networkLinkTypes.create({ body });
  await client.networkLinkTypes.update({ id: 'mesh', body: change });
  await client.networkLinkTypes.update({ body: named });
}

// A read without select answers whole records (§4.1 read), so its 200 is typed with the record
// types; a read whose query may select answers the selection. A helper typed ReadResult takes both.
function allLinks(result: ReadRecordsResult<'networkLinkTypes', 200>): NetworkLinkType[] {
  return result.data ?? [];
}
export async function readsWholeRecordsOrTheSelection(): Promise<void> {
  const links = await client.networkLinkTypes.read();
  if (links.status === 200) {
    const all: NetworkLinkType[] = links.data ?? [];
    const names: string[] = all.map((link) => link.name);
    void [names, allLinks(links)];
  }
  const events = await client.events.read({ id: 'e1' });
  if (events.status === 200) same<NonNullable<typeof events.data>, Event[]>(true);
  const linkDown = await client.events.read({ query: { where: { equals: { target: 'kind', expr: 'link-down' } } }, queryIn: 'url' });
  if (linkDown.status === 200) same<NonNullable<typeof linkDown.data>, Event[]>(true);
  const agents = await client.agents.read();
  if (agents.status === 200) same<NonNullable<typeof agents.data>, Agent[]>(true);
  // With select: the selected fields of each record.
  const selected = await client.networkLinkTypes.read({ query: { select: ['name'] } });
  if (selected.status === 200) mutual<NonNullable<typeof selected.data>, NetworkLinkTypeSelection[]>(true);
  const selectedAgents = await client.agents.read({ id: 'filebeat', query: { select: ['id'] } });
  if (selectedAgents.status === 200) mutual<NonNullable<typeof selectedAgents.data>, AgentSelection[]>(true);
  // A query typed Query may hold a select: the answer is typed as the selection.
  const query: Query = { where: { equals: { target: 'kind', expr: 'link-down' } } };
  const maybeSelected = await client.events.read({ query });
  if (maybeSelected.status === 200) mutual<NonNullable<typeof maybeSelected.data>, EventSelection[]>(true);
  // Every other status is the same answer either way, and a helper typed ReadResult takes both.
  if (links.status === 404 && selected.status === 404) same<typeof links.data, typeof selected.data>(true);
  eventCount(await client.events.read());
  eventCount(maybeSelected);
  same<RecordOf<'events'>, Event>(true);
  same<RecordOf<'networkLinkTypes'>, NetworkLinkType>(true);
  same<RecordOf<'agents'>, Agent>(true);
}

// The record, body and query types by name are the generated ones (aliases, not copies), and the
// generated `components` and `paths` come through the package's `/schema` entry.
export function recordTypesByName(): void {
  same<Event, components['schemas']['Event']>(true);
  same<NetworkLinkType, components['schemas']['NetworkLinkType']>(true);
  same<Agent, components['schemas']['Agent']>(true);
  same<EventInput, components['schemas']['EventInput']>(true);
  same<NetworkLinkTypeUpdate, components['schemas']['NetworkLinkTypeUpdate']>(true);
  same<EnvelopeItem, components['schemas']['EnvelopeItem']>(true);
  same<Query, components['schemas']['Query']>(true);
  const readEvents: keyof paths = '/event';
  void readEvents;
  const link: NetworkLinkTypeInput = { id: 'mesh', name: 'Mesh' };
  const change: EventUpdate = { id: 'e1', severity: 'major' };
  const agent: AgentInput = { id: 'filebeat', actions: [] };
  const stored: Event = { id: 'e1', kind: 'link-down' };
  const where: DeleteQuery = { where: { equals: { target: 'kind', expr: 'link-down' } } };
  void [link, change, agent, stored, where];
}

// A token provider: a function giving a string or a promise of one, called again near expiry.
export function tokenProviders(): void {
  const fixed: TokenProvider = () => 'jwt';
  const fetched: TokenProvider = async () => (await fetch('https://auth.example/token')).text();
  createClient({ baseURL: 'https://mgmt.example', token: fixed });
  createClient({ baseURL: 'https://mgmt.example', token: fetched });
  createClient({ baseURL: 'https://mgmt.example', token: async () => 'jwt' });
}
