// The mistakes a client user makes most, each refused by the types. Checked by `npm run typecheck`
// (every @ts-expect-error must meet an error) and by mistake-messages.test.ts, which compiles this
// file without the directives and checks that tsc's message contains the text after `tsc:` — so a
// message that reads badly ("not assignable to type 'undefined'") fails a test. packed-packages
// compiles it again against the packed @mgmt-kit/client under a consumer's plain strict settings.
import { createClient, type EnvelopeItem, type Event, type NetworkLinkType, type NetworkLinkTypeInput, type ReadResult } from '../../src/client/index.js';

const client = createClient({ baseURL: 'https://mgmt.example' });

function eventCount(result: ReadResult<'events'>): number {
  return result.status === 200 ? (result.data?.length ?? 0) : 0;
}
function linkNames(result: ReadResult<'networkLinkTypes', 200>): string[] {
  return (result.data ?? []).map((row) => row.name ?? '');
}

export async function resultMistakes(): Promise<void> {
  const links = await client.networkLinkTypes.read();
  // @ts-expect-error a read never answers 201 — tsc: "and '201' have no overlap"
  if (links.status === 201) return;
  // @ts-expect-error data before narrowing on status may be an error envelope — tsc: "Type 'unknown' is not assignable to type 'string | undefined'"
  const firstName: string | undefined = links.data?.[0]?.name;
  // @ts-expect-error a helper for the 200 answer, given every answer — tsc: "is not assignable to parameter of type 'ReadResult<"networkLinkTypes", 200>'"
  linkNames(links);
  // @ts-expect-error the result of another index — tsc: "Argument of type 'ReadRecordsResult<"agents">' is not assignable to parameter of type 'ReadResult<"events">'"
  eventCount(await client.agents.read());
  // @ts-expect-error whole records only on 200: before narrowing, data may be an error envelope (a 404's) — tsc: "Property 'name' is missing in type"
  const all: NetworkLinkType[] = (await client.networkLinkTypes.read()).data ?? [];
  if (links.status !== 200) return;
  // @ts-expect-error data may be missing even on 200 (a deployment may send no body) — tsc: "'links.data' is possibly 'undefined'"
  const count: number = links.data.length;
  const deleted = await client.events.delete({ id: 'e1' });
  if (deleted.status !== 205) return;
  // @ts-expect-error a 205's items say code 200, not 205 (§4.1) — tsc: "Type '200 | undefined' is not assignable to type '205 | undefined'"
  const code: 205 | undefined = deleted.data?.[0]?.code;
  void [firstName, count, code, all];
}

export async function callMistakes(): Promise<void> {
  // @ts-expect-error PUT {base} without a path id: the body's id must name the target — tsc: "Property 'id' is missing in type '{ source: string; }' but required in type 'RecordNamingItsTarget<"events">'"
  await client.events.update({ body: { source: '10.0.0.1' } });
  // @ts-expect-error every record of a batch at {base} names its target — tsc: "Property 'id' is missing in type '{ note: string; }' but required in type 'RecordNamingItsTarget<"events">'"
  await client.events.update({ body: [{ id: 'e1', note: 'a' }, { note: 'b' }] });
  // @ts-expect-error an update names its target by the path id or by the body — tsc: "Argument of type '{}' is not assignable to parameter of type 'UpdateCall<"events">'"
  await client.events.update({});
  // @ts-expect-error the record passed bare instead of as body — tsc: "'kind' does not exist in type 'CreateCall<"events">'"
  await client.events.create({ id: 'e1', kind: 'link-down' });
  // @ts-expect-error the positional (body, { id }) form: one object per call — tsc: "Expected 1 arguments, but got 2"
  await client.events.update({ source: '10.0.0.1' }, { id: 'e1' });
  // @ts-expect-error a network link type's name is a string — tsc: "Type 'number' is not assignable to type 'string'"
  await client.networkLinkTypes.create({ body: { id: 'mesh', name: 42 } });
  // @ts-expect-error a network link type needs a name — tsc: "Property 'name' is missing in type '{ id: string; }' but required in type 'RecordToCreate<"networkLinkTypes">'"
  await client.networkLinkTypes.create({ body: { id: 'mesh' } });
  // @ts-expect-error the query goes under query (a delete without one removes every record) — tsc: "'where' does not exist in type 'DeleteCall'"
  await client.events.delete({ where: { equals: { target: 'id', expr: 'e1' } } });
  // @ts-expect-error select lists field names — tsc: "Type 'string' is not assignable to type 'string[]'"
  await client.events.read({ query: { select: 'id' } });
  // @ts-expect-error the path id is a string — tsc: "Type 'number' is not assignable to type 'string'"
  await client.events.read({ id: 42 });
  // @ts-expect-error the index is called events — tsc: "Property 'event' does not exist on type 'KitClient'. Did you mean 'events'?"
  await client.event.read();
  // @ts-expect-error select is for reads: a delete ignores it (the spec's Query), so it is refused — tsc: "'select' does not exist in type 'DeleteQuery'"
  await client.events.delete({ query: { select: ['id'], where: { equals: { target: 'id', expr: 'e1' } } } });
  // @ts-expect-error nor at a record's path — tsc: "'select' does not exist in type 'DeleteQuery'"
  await client.agents.delete({ id: 'filebeat', query: { select: ['id'] } });
}

export function tokenAndRecordMistakes(): void {
  // @ts-expect-error a token provider gives a string (or a promise of one), not the header — tsc: "Type '{ Authorization: string; }' is not assignable to type 'string | Promise<string>'"
  createClient({ baseURL: 'https://mgmt.example', token: () => ({ Authorization: 'Bearer jwt' }) });
  // @ts-expect-error a network link type's name is required — tsc: "Property 'name' is missing in type '{ id: string; }' but required in type"
  const link: NetworkLinkTypeInput = { id: 'mesh' };
  // @ts-expect-error a stored record's id is a string — tsc: "Type 'number' is not assignable to type 'string'"
  const stored: Event = { id: 7 };
  // @ts-expect-error an envelope item's message is not a number — tsc: "Type 'number' is not assignable to type"
  const item: EnvelopeItem = { status: 'Created', code: 201, error: false, message: 42 };
  void [link, stored, item];
}
