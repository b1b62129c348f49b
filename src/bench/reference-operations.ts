import { benchEvent, benchEventId, benchStockId } from './bench-data.js';
import type { LoadRequest } from './measure-http.js';

/** One operation the benchmark runs against the reference server, and the status it must answer. */
export interface BenchOperation {
  operation: string;
  request: LoadRequest;
  expectStatus: number;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** The where.equals query of the scan runs: a fifth of the events match, only their ids come back. */
export const WHERE_KIND_QUERY = JSON.stringify({ select: ['id'], where: { equals: { target: 'kind', expr: 'link-down' } } });

/** A where.equals on `id`: a key lookup, one record comes back. */
export function whereIdQuery(id: string): string {
  return JSON.stringify({ where: { equals: { target: 'id', expr: id } } });
}

/**
 * The reference server operations, all with a valid token, in the order they run:
 * the reads first (so the writes do not change what they scan), then PUT, POST and DELETE.
 * DELETE removes the agents of the description's stock, one new id per request.
 */
export function referenceOperations(token: string, whereEvents: number, listRecords: number): BenchOperation[] {
  const auth = { authorization: `Bearer ${token}` };
  let nextStock = 0;
  // A POST body of about 200 bytes, as the events of the seed; autocannon makes each id unique.
  const created = { ...benchEvent(7), id: 'b-[<id>]' };
  return [
    { operation: 'GET by id', request: { method: 'GET', path: '/type/network-link/p2p', headers: auth }, expectStatus: 200 },
    { operation: `GET all (${listRecords})`, request: { method: 'GET', path: '/type/network-link', headers: auth }, expectStatus: 200 },
    {
      operation: `GET where kind (${whereEvents.toLocaleString('en')})`,
      request: { method: 'GET', path: '/event', headers: { ...auth, ...JSON_TYPE }, body: WHERE_KIND_QUERY },
      expectStatus: 200,
    },
    {
      operation: 'PUT by id',
      request: { method: 'PUT', path: '/event/ev-000001', headers: { ...auth, ...JSON_TYPE }, body: '{"note":"[<id>]"}', uniqueIds: true },
      expectStatus: 200,
    },
    {
      operation: 'POST unique ids',
      request: { method: 'POST', path: '/event', headers: { ...auth, ...JSON_TYPE }, body: JSON.stringify(created), uniqueIds: true },
      expectStatus: 201,
    },
    {
      operation: 'DELETE by id',
      request: { method: 'DELETE', path: '/catalog/agent/d-0', headers: auth, nextPath: () => `/catalog/agent/${benchStockId(nextStock++)}` },
      expectStatus: 205,
    },
  ];
}

/** The single-client latency probes over an index of `events` events. */
export function latencyProbes(token: string, events: number): BenchOperation[] {
  const headers = { authorization: `Bearer ${token}`, ...JSON_TYPE };
  const count = events.toLocaleString('en');
  return [
    { operation: `GET where kind, select id, over ${count}`, request: { method: 'GET', path: '/event', headers, body: WHERE_KIND_QUERY }, expectStatus: 200 },
    {
      operation: `GET where id over ${count}`,
      request: { method: 'GET', path: '/event', headers, body: whereIdQuery(benchEventId(Math.floor(events / 2))) },
      expectStatus: 200,
    },
  ];
}
