import type { CoreRequest } from '../core/core-types.js';
import { toJournalEntry, type JournalEntry } from './journal-entry.js';
import { compileJournalFilter, type JournalFilter } from './journal-filter.js';
import type { MockResponse } from './injected-status.js';

/** How many requests the journal keeps by default (`--journal-size`); the oldest go first. */
export const DEFAULT_JOURNAL_SIZE = 2000;

/** The requests the API answered, newest last; see {@link createRequestJournal}. */
export interface RequestJournal {
  /** Called by the mock controls once a request is answered (or hangs, for `timeout`). */
  record(
    request: CoreRequest,
    outcome: { response?: MockResponse; timeout?: true; injectedBy?: string | undefined },
    started: { time: Date; ms: number },
  ): void;
  /** The entries the filter lets through, oldest first; a bad filter is the reason. */
  list(filter?: JournalFilter | Record<string, unknown>): { ok: true; entries: JournalEntry[] } | { ok: false; error: string };
  clear(): void;
  /** Entries held now, and the bound. */
  readonly size: number;
  readonly capacity: number;
}

/**
 * A bounded ring of answered requests: at most `capacity` entries (each capped, see
 * journal-entry.ts), so a mock that runs for days holds a fixed amount of memory. `capacity` 0
 * keeps nothing. Browser-safe: the msw handlers use it as the node:http server does.
 */
export function createRequestJournal(capacity: number = DEFAULT_JOURNAL_SIZE, now: () => number = () => performance.now()): RequestJournal {
  if (!Number.isSafeInteger(capacity) || capacity < 0) throw new RangeError(`journal size must be a whole number ≥ 0, got ${capacity}`);
  const ring: Array<JournalEntry | undefined> = new Array(capacity);
  let next = 0; // where the next entry goes
  let count = 0;
  let seq = 0;
  const ordered = (): JournalEntry[] => {
    const start = (next - count + capacity) % Math.max(capacity, 1);
    return Array.from({ length: count }, (_, i) => ring[(start + i) % capacity]!);
  };
  return {
    record(request, outcome, started) {
      seq += 1;
      if (capacity === 0) return;
      ring[next] = toJournalEntry(seq, request, outcome, started, now());
      next = (next + 1) % capacity;
      count = Math.min(count + 1, capacity);
    },
    list(filter = {}) {
      const compiled = compileJournalFilter(filter as Record<string, unknown>);
      if (!compiled.ok) return compiled;
      const entries = ordered().filter(compiled.filter.matches);
      const { limit } = compiled.filter;
      return { ok: true, entries: limit === undefined ? entries : entries.slice(Math.max(0, entries.length - limit)) };
    },
    clear() {
      ring.fill(undefined);
      next = 0;
      count = 0;
    },
    get size() {
      return count;
    },
    capacity,
  };
}
