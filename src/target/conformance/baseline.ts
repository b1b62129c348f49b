import { parseJsonText } from '../../contract/spec/parse-json-text.js';
import { causeKey } from './run-deviations.js';

/**
 * One known deviation (a cause): a check that fails the same way, or a setup that is blocked the
 * same way, in the scenarios listed, and why that is accepted. A failed check (scenario s, check
 * c, observed o) is held when an entry with c and o lists s; a blocked scenario likewise.
 */
export interface BaselineEntry {
  /** `<rule>/<check>` (`4.1-create/status`), or the blocking cause (`setup/create`) when `blocked`. */
  check: string;
  blocked?: true | undefined;
  /** What the description fixes, for the reader; matching uses check and observed. */
  expected?: string | undefined;
  /** What the target did, normalised as the run records it. */
  observed: string;
  reason: string;
  /** Stable scenario ids (scenario-id.ts). */
  scenarios: string[];
}

/** The file `--baseline` reads and `--write-baseline` writes (format 2: checks, one entry per cause). */
export interface Baseline {
  deviations: BaselineEntry[];
}

export const BASELINE_FORMAT = 2;

const ABOUT =
  'Known deviations of this deployment for `mgmt-kit conformance --baseline`: one entry per cause (a check and what the target did instead, ' +
  'or a setup that cannot be done), the scenarios it shows in, and why it is accepted. A run fails on any deviation not held here. ' +
  'Rewrite with --write-baseline FILE --baseline FILE (reasons are kept per cause).';

/** Why a baseline of the first format (scenario names) is refused, and how to replace it. */
export const OLD_FORMAT_ERROR =
  'this is a baseline of the old format (scenario names under "expectedFailures"), which held whole scenarios: a new deviation in a listed ' +
  'scenario passed unseen. Baselines now hold checks, one entry per cause (format 2). Write a new one from a run against the same target ' +
  'with --write-baseline FILE, then give each entry its reason again.';

type Parsed = { ok: true; baseline: Baseline } | { ok: false; error: string };

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Reads one entry; an error names what is wrong with it. */
function readEntry(item: unknown): { entry: BaselineEntry } | { error: string } {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return { error: 'must be an object' };
  const { check, blocked, expected, observed, reason, scenarios } = item as Record<string, unknown>;
  if (!text(check) || !check.includes('/')) return { error: '"check" must be a check id such as "4.1-create/status"' };
  if (blocked !== undefined && typeof blocked !== 'boolean') return { error: `(${check}): "blocked" must be true or absent` };
  if (expected !== undefined && typeof expected !== 'string') return { error: `(${check}): "expected" must be text when given` };
  if (typeof observed !== 'string') return { error: `(${check}): "observed" must be the text the run recorded` };
  if (!text(reason)) return { error: `(${check}): "reason" must say why the deviation is accepted` };
  if (!Array.isArray(scenarios) || scenarios.length === 0 || !scenarios.every(text))
    return { error: `(${check}): "scenarios" must list the ids of the scenarios it holds` };
  const twice = scenarios.find((s, i) => scenarios.indexOf(s) !== i);
  if (twice !== undefined) return { error: `(${check}): the scenario "${twice}" is listed twice` };
  return {
    entry: { check, ...(blocked === true ? { blocked: true as const } : {}), ...(expected !== undefined ? { expected } : {}), observed, reason, scenarios },
  };
}

/** Reads a baseline file's text: format 2, every entry a cause with a reason and its scenarios; old files are refused with how to rewrite them. */
export function parseBaseline(source: string): Parsed {
  const parsed = parseJsonText(source);
  if (!parsed.ok) return parsed;
  const data = parsed.data as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { ok: false, error: 'expected an object with "format": 2 and a "deviations" list' };
  if ('expectedFailures' in data) return { ok: false, error: OLD_FORMAT_ERROR };
  if (data['format'] === undefined) return { ok: false, error: 'expected an object with "format": 2 and a "deviations" list' };
  if (data['format'] !== BASELINE_FORMAT) return { ok: false, error: `"format" ${JSON.stringify(data['format'])} is not one this mgmt-kit reads (2)` };
  if (!Array.isArray(data['deviations'])) return { ok: false, error: 'expected a "deviations" list' };
  const deviations: BaselineEntry[] = [];
  const causes = new Map<string, number>();
  for (const [i, item] of data['deviations'].entries()) {
    const read = readEntry(item);
    if ('error' in read) return { ok: false, error: `deviations[${i}]${read.error.startsWith('(') ? ' ' : ': '}${read.error}` };
    const key = causeKey(read.entry);
    const earlier = causes.get(key);
    if (earlier !== undefined)
      return {
        ok: false,
        error: `deviations[${i}] (${read.entry.check}): the same cause as deviations[${earlier}] (same check and observed): join their scenarios`,
      };
    causes.set(key, i);
    deviations.push(read.entry);
  }
  return { ok: true, baseline: { deviations } };
}

export function formatBaseline(baseline: Baseline): string {
  return `${JSON.stringify({ about: ABOUT, format: BASELINE_FORMAT, deviations: baseline.deviations }, null, 2)}\n`;
}

/** What a reason of `--write-baseline` starts as; {@link findTodoReasons} looks for it. */
export const TODO_REASON = 'TODO: say why this is accepted.';

/** The causes whose reason still says TODO: a baseline nobody finished explains nothing. */
export function findTodoReasons(baseline: Baseline): string[] {
  const shown = (observed: string) => JSON.stringify(observed.length > 60 ? `${observed.slice(0, 59)}…` : observed);
  return baseline.deviations.filter((e) => /^\s*TODO\b/i.test(e.reason)).map((e) => `${e.check} observed ${shown(e.observed)}`);
}
