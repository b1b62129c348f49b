import type { JsonObject, SeedData } from '../reference-server/index.js';

const KINDS = ['link-down', 'link-up', 'cpu-high', 'disk-full', 'agent-restart'] as const;

/** The id of the n-th generated event (`ev-000042`). */
export function benchEventId(n: number): string {
  return `ev-${String(n).padStart(6, '0')}`;
}

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

/** The id of the n-th agent kept for the delete-by-id runs. */
export function benchStockId(n: number): string {
  return `d-${n}`;
}

/** What a benchmark reference server holds. */
export interface BenchSeedSizes {
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
