import type { JsonObject, SeedData } from '../index.js';
import type { LoadRequest } from './measure-load.js';

const KINDS = ['link-down', 'link-up', 'cpu-high', 'disk-full', 'agent-restart'] as const;

/** The id of the n-th generated event (`ev-000042`). */
const benchEventId = (n: number) => `ev-${String(n).padStart(6, '0')}`;

/** The id of the n-th agent kept for the delete-by-id runs. */
const benchStockId = (n: number) => `d-${n}`;

/**
 * The n-th generated event: about 200 bytes of JSON, as the data-volume figures assume.
 * Every fifth event shares a `kind`, so a where.equals on kind matches a fifth of the index.
 */
export function benchEvent(n: number): JsonObject {
  const octet = (k: number) => String((n * k) % 250);
  return {
    id: benchEventId(n),
    kind: KINDS[n % KINDS.length],
    source: `10.${octet(7)}.${octet(11)}.${octet(13)}`,
    target: `10.${octet(17)}.${octet(19)}.${octet(23)}`,
    severity: n % 3 === 0 ? 'major' : 'minor',
    time: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    message: `interface ge-0/0/${n % 48} changed state on router r-${String(n % 1000).padStart(4, '0')}`,
  };
}

/** `count` generated events. */
export function benchEvents(count: number): JsonObject[] {
  return Array.from({ length: count }, (_, n) => benchEvent(n));
}

/** What a benchmark reference server holds. */
interface BenchSeedSizes {
  /** Network link types in total, the preloaded p2p and slice included. */
  listRecords: number;
  whereEvents: number;
  /** Agents the delete-by-id runs remove, one per request. */
  deleteStock: number;
}

/**
 * The seed of a benchmark reference server: link types for the read-all run, events for the
 * where runs, and a stock of agents the delete run removes by id (a separate index, so that
 * deleting does not change what the reads scan).
 */
export function benchSeed(sizes: BenchSeedSizes): SeedData {
  const linkTypes = Array.from({ length: Math.max(0, sizes.listRecords - 2) }, (_, n) => ({
    id: `lt-${n}`,
    name: `Link type ${n}`,
    description: 'generated for the benchmark',
  }));
  const agents = Array.from({ length: sizes.deleteStock }, (_, n) => ({ id: benchStockId(n) }));
  return { event: benchEvents(sizes.whereEvents), 'network-link-type': linkTypes, agent: agents };
}

/** One operation the benchmark runs against the reference server, and the status it must answer. */
export interface BenchOperation {
  operation: string;
  request: LoadRequest;
  expectStatus: number;
}

/** The where.equals query of the scan runs: a fifth of the events match, only their ids come back. */
const WHERE_KIND_QUERY = JSON.stringify({ select: ['id'], where: { equals: { target: 'kind', expr: 'link-down' } } });

/** A row of {@link referenceOperations} or {@link latencyProbes}. */
const run = (operation: string, expectStatus: number, request: LoadRequest): BenchOperation => ({ operation, request, expectStatus });

/**
 * The reference server operations, all with a valid token, in the order they run:
 * the reads first (so the writes do not change what they scan), then PUT, POST and DELETE.
 * DELETE removes the agents of the description's stock, one new id per request.
 */
export function referenceOperations(token: string, whereEvents: number, listRecords: number): BenchOperation[] {
  const headers = { authorization: `Bearer ${token}` };
  const withBody = { ...headers, 'content-type': 'application/json' };
  let nextStock = 0;
  // A POST body of about 200 bytes, as the events of the seed; autocannon makes each id unique.
  const created = JSON.stringify({ ...benchEvent(7), id: 'b-[<id>]' });
  const nextPath = () => `/catalog/agent/${benchStockId(nextStock++)}`;
  return [
    run('GET by id', 200, { method: 'GET', path: '/type/network-link/p2p', headers }),
    run(`GET all (${listRecords})`, 200, { method: 'GET', path: '/type/network-link', headers }),
    run(`GET where kind (${whereEvents.toLocaleString('en')})`, 200, { method: 'GET', path: '/event', headers: withBody, body: WHERE_KIND_QUERY }),
    run('PUT by id', 200, { method: 'PUT', path: '/event/ev-000001', headers: withBody, body: '{"note":"[<id>]"}', uniqueIds: true }),
    run('POST unique ids', 201, { method: 'POST', path: '/event', headers: withBody, body: created, uniqueIds: true }),
    run('DELETE by id', 205, { method: 'DELETE', path: '/catalog/agent/d-0', headers, nextPath }),
  ];
}

/** The single-client latency probes over an index of `events` events. */
export function latencyProbes(token: string, events: number): BenchOperation[] {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const count = events.toLocaleString('en');
  // A where.equals on `id`: a key lookup, one record comes back.
  const whereId = JSON.stringify({ where: { equals: { target: 'id', expr: benchEventId(Math.floor(events / 2)) } } });
  return [
    run(`GET where kind, select id, over ${count}`, 200, { method: 'GET', path: '/event', headers, body: WHERE_KIND_QUERY }),
    run(`GET where id over ${count}`, 200, { method: 'GET', path: '/event', headers, body: whereId }),
  ];
}
