import type { ResponseTally } from '../../contract/response-coverage.js';
import { parseJsonText } from '../../contract/spec/parse-json-text.js';

/**
 * The part of `conformance-summary.json` and `fuzz-summary.json` that `mgmt-kit coverage`
 * reads: which target, which tool, and the raw tallies (merged by adding them up).
 */
export interface CoverageFile {
  tool: 'conformance' | 'fuzz';
  baseUrl: string;
  tallies: ResponseTally[];
}

const isTally = (t: unknown): t is ResponseTally => {
  const x = t as Partial<ResponseTally> | null;
  return typeof x === 'object' && x !== null && typeof x.operation === 'string' && [x.status, x.seen, x.failed].every((n) => Number.isInteger(n));
};

/** Reads a summary file's text; an error says what is wrong with it in a few words. */
export function parseCoverageFile(text: string): { ok: true; value: CoverageFile } | { ok: false; error: string } {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return parsed;
  const data = parsed.data;
  const { tool, baseUrl, coverage } = (data ?? {}) as { tool?: unknown; baseUrl?: unknown; coverage?: { tallies?: unknown } };
  if (tool !== 'conformance' && tool !== 'fuzz') return { ok: false, error: 'not a conformance-summary.json or fuzz-summary.json ("tool" is missing)' };
  if (typeof baseUrl !== 'string') return { ok: false, error: '"baseUrl" is missing' };
  const tallies = coverage?.tallies;
  if (!Array.isArray(tallies) || !tallies.every(isTally)) return { ok: false, error: '"coverage.tallies" is missing or malformed' };
  return { ok: true, value: { tool, baseUrl, tallies } };
}
