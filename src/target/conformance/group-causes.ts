import type { AnswerSeen } from './check-result.js';
import { causeKey, type Deviation } from './run-deviations.js';

/** One cause of a run: the deviations with the same check (or blocking cause) and the same observed value, held by the baseline or not. */
export interface CauseLine {
  blocked: boolean;
  check: string;
  expected: string;
  observed: string;
  /** Held by the baseline (a known deviation) — every scenario of the line is. */
  known: boolean;
  /** The baseline's reason, for a known cause. */
  reason?: string | undefined;
  /** The scenarios it shows in, in run order. */
  scenarios: string[];
  /** The answer of the first of them (status and body). */
  answer?: AnswerSeen | undefined;
}

/**
 * Groups a run's deviations by cause: the same check and the same observed value make one line,
 * whatever the scenario, so 240 creates answered 200 are one line with a count. The known part of
 * a cause (held by the baseline) and its new part are two lines: a new scenario showing a known
 * deviation still fails the run, and its line says so. New causes first, then by count.
 */
export function groupCauses(deviations: readonly Deviation[], reasonOf: (d: Deviation) => string | undefined): CauseLine[] {
  const lines = new Map<string, CauseLine>();
  for (const d of deviations) {
    const reason = reasonOf(d);
    const key = JSON.stringify([causeKey(d), reason !== undefined]);
    const line = lines.get(key);
    if (line) {
      if (!line.scenarios.includes(d.scenario)) line.scenarios.push(d.scenario);
      line.answer ??= d.answer;
      continue;
    }
    lines.set(key, {
      blocked: d.blocked,
      check: d.check,
      expected: d.expected,
      observed: d.observed,
      known: reason !== undefined,
      ...(reason !== undefined ? { reason } : {}),
      scenarios: [d.scenario],
      answer: d.answer,
    });
  }
  return [...lines.values()].sort(
    (a, b) => Number(a.known) - Number(b.known) || b.scenarios.length - a.scenarios.length || (a.check < b.check ? -1 : a.check > b.check ? 1 : 0),
  );
}

/** The answer as one short line: operation, status and the body, trimmed to about 160 characters. */
export function answerLine(answer: AnswerSeen | undefined, width = 160): string {
  if (!answer) return '';
  const body = answer.body.replace(/\s+/g, ' ').trim();
  const line = `${answer.operation} ${answer.status}${body ? ` ${body}` : ''}`;
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** The first few scenarios of a line, then how many more. */
export function firstScenarios(scenarios: readonly string[], shown = 3): string {
  const more = scenarios.length - shown;
  return `${scenarios.slice(0, shown).join('; ')}${more > 0 ? `; +${more} more` : ''}`;
}
