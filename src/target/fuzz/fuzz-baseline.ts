import { stableFailureLine } from '../run/stable-failure-line.js';
import type { FuzzFailure } from '../../fuzz/run/fuzz-session.js';
import { parseJsonText } from '../../contract/spec/parse-json-text.js';
import { listOperations } from '../../server/core/index.js';
import { CHECKS } from '../../fuzz/checks/check-table.js';

const OPERATIONS = new Set(listOperations().map((o) => o.operationId));

/** `<operation>[+<operation>…]:<check>:<observed>`, with operations of the spec and a check of the table. */
function isSignature(signature: string): boolean {
  const [operations = '', check = '', ...observed] = signature.split(':');
  return observed.length > 0 && check in CHECKS && operations.split('+').every((o) => OPERATIONS.has(o));
}

/** One known deviation: a failure signature (never the generated values, so the same under every seed) and why it is accepted. */
export type FuzzBaselineEntry = { signature: string; reason: string };

export type FuzzBaseline = { knownDeviations: FuzzBaselineEntry[] };

/** A run held against a baseline: failures it accepts, failures it does not, and entries the run did not meet. */
export interface FuzzBaselineComparison {
  /** Failures whose signature the baseline lists, each with the entry's reason. */
  accepted: Array<{ failure: FuzzFailure; reason: string }>;
  /** Failures the baseline does not list: these fail the run. */
  newFailures: FuzzFailure[];
  /** Entries no failure of this run matched: fixed, or not met by this run's random sequences. */
  notFound: FuzzBaselineEntry[];
}

const ABOUT =
  'Known deviations of `mgmt-kit fuzz` against this deployment, by failure signature (<operation>:<check>:<observed value>, the same under every random seed), each with the reason it is accepted. ' +
  'Runs with --baseline exit 0 while no other failure is found; an entry no run finds any more can be removed.';

/** What a reason of `--write-baseline` starts as, until someone writes the real why. */
const TODO_REASON = 'TODO: say why this is accepted.';

/** Reads a baseline file's text; every entry needs a signature and a reason, and no signature comes twice. */
export function parseFuzzBaseline(text: string): { ok: true; baseline: FuzzBaseline } | { ok: false; error: string } {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return parsed;
  const data = parsed.data;
  const list = (data as { knownDeviations?: unknown } | null)?.knownDeviations;
  if (typeof data !== 'object' || data === null || !Array.isArray(list)) return { ok: false, error: 'expected an object with a "knownDeviations" list' };
  const entries: FuzzBaselineEntry[] = [];
  for (const [i, item] of list.entries()) {
    const { signature, reason } = (item ?? {}) as Record<string, unknown>;
    if (typeof signature !== 'string' || signature.trim() === '')
      return { ok: false, error: `knownDeviations[${i}]: "signature" must be a failure signature (as the report prints it)` };
    if (typeof reason !== 'string' || reason.trim() === '')
      return { ok: false, error: `knownDeviations[${i}] (${signature}): "reason" must say why the deviation is accepted` };
    if (entries.some((e) => e.signature === signature)) return { ok: false, error: `knownDeviations[${i}]: "${signature}" is listed twice` };
    if (!isSignature(signature))
      return {
        ok: false,
        error: `knownDeviations[${i}]: "${signature}" is not a signature of this mgmt-kit (<operation>:<check>:<observed value>, e.g. createEventById:documented-status:200): a baseline written before signatures named the operation and the check cannot be mapped — rewrite it with mgmt-kit fuzz … --write-baseline FILE and carry the reasons over`,
      };
    entries.push({ signature, reason });
  }
  return { ok: true, baseline: { knownDeviations: entries } };
}

export function compareFuzzWithBaseline(failures: readonly FuzzFailure[], baseline: FuzzBaseline): FuzzBaselineComparison {
  const reasons = new Map(baseline.knownDeviations.map((e) => [e.signature, e.reason]));
  const accepted = failures.filter((f) => reasons.has(f.signature)).map((failure) => ({ failure, reason: reasons.get(failure.signature)! }));
  const found = new Set(failures.map((f) => f.signature));
  return {
    accepted,
    newFailures: failures.filter((f) => !reasons.has(f.signature)),
    notFound: baseline.knownDeviations.filter((e) => !found.has(e.signature)),
  };
}

/**
 * The baseline a run would need: every failure's signature with the reason an earlier baseline gave, else TODO and the failure's first line. Earlier entries
 * this run did not meet are kept: random sequences may miss a deviation that is still there.
 */
export function buildFuzzBaseline(failures: readonly FuzzFailure[], previous?: FuzzBaseline): FuzzBaseline {
  const reasons = new Map(previous?.knownDeviations.map((e) => [e.signature, e.reason]));
  const found = [...new Set(failures.map((f) => f.signature))].map((signature) => ({
    signature,
    reason: reasons.get(signature) ?? `${TODO_REASON} It failed with: ${stableFailureLine(failures.find((f) => f.signature === signature)!.title)}`,
  }));
  const kept = (previous?.knownDeviations ?? []).filter((e) => !found.some((f) => f.signature === e.signature));
  return { knownDeviations: [...found, ...kept] };
}

export function formatFuzzBaseline(baseline: FuzzBaseline): string {
  return `${JSON.stringify({ about: ABOUT, knownDeviations: baseline.knownDeviations }, null, 2)}\n`;
}

/** The signatures whose reason still says TODO. */
export function findFuzzTodoReasons(baseline: FuzzBaseline): string[] {
  return baseline.knownDeviations.filter((e) => /^\s*TODO\b/i.test(e.reason)).map((e) => e.signature);
}
