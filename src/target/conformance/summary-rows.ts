import type { DocumentedOperation } from '../../contract/response-coverage.js';
import type { ScenarioResult } from './collect-scenario-results.js';
import { firstScenarios, groupCauses } from './group-causes.js';
import { ruleTag, type RuleRow } from './rules-matrix.js';
import type { Deviation } from './run-deviations.js';

/**
 * The outcome of one summary row. `known deviation`: it failed, but only as the baseline holds;
 * `not judged`: the scenarios that show it were blocked in setup, or stopped by another rule's
 * failure before they reached it.
 */
export type RowStatus = 'passed' | 'failed' | 'known deviation' | 'not judged' | 'skipped' | 'not tested';

/** One row of the summary: a rule of the service description (docs/management-service.md) or an operation. */
export interface SummaryRow {
  key: string;
  /** The section (§4.1 rule 3) and text (rules) or method and path (operations). */
  label: string;
  status: RowStatus;
  /** Why it failed, was not judged, was skipped or is not tested; one entry per cause or reason. */
  reasons: string[];
  /** Scenarios that judged it (passed, or failed with a check of its own). */
  ran: number;
}

/** What a row is judged from; `reasonOf` gives the baseline's reason of a held deviation. */
export interface RowInputs {
  reasonOf: (d: Deviation) => string | undefined;
  skipReason: (s: ScenarioResult) => string;
}

/** The rule of a check id: `4.1-create/status` → `4.1-create`. */
export const ruleOfCheck = (check: string) => check.slice(0, check.indexOf('/'));

const ran = (s: ScenarioResult) => s.status === 'passed' || s.status === 'failed';

/** The row from what judged it: its failures by cause; else passed, not judged or skipped, with why. */
function row(key: string, label: string, judged: ScenarioResult[], failures: Deviation[], unjudged: ScenarioResult[], inputs: RowInputs): SummaryRow {
  if (failures.length > 0) {
    const causes = groupCauses(failures, inputs.reasonOf);
    const reasons = causes.map(
      (c) =>
        `${c.known ? '[baseline] ' : ''}${c.check}: expected ${c.expected}, observed ${c.observed} — ${c.scenarios.length} scenario(s): ${firstScenarios(c.scenarios, 1)}`,
    );
    return { key, label, status: causes.every((c) => c.known) ? 'known deviation' : 'failed', reasons, ran: judged.length };
  }
  const blocked = unjudged.filter((s) => s.status !== 'skipped' && s.status !== 'not-selected');
  const why = (s: ScenarioResult) =>
    s.status === 'blocked' ? `blocked by ${s.blocked?.id ?? 'its setup'}` : `stopped by ${s.checks.find((c) => c.fromError)?.id ?? 'an error'} first`;
  const notJudged = [...new Set(blocked.map(why))];
  const notRun = unjudged.filter((s) => !blocked.includes(s));
  const skipped = [...new Set(notRun.map(inputs.skipReason))];
  if (judged.length > 0) {
    const notes = [
      ...(blocked.length > 0 ? [`${blocked.length} scenario(s) not judged: ${notJudged.join('; ')}`] : []),
      ...(notRun.length > 0 ? [`${notRun.length} scenario(s) not run: ${skipped.join('; ')}`] : []),
    ];
    return { key, label, status: 'passed', reasons: notes, ran: judged.length };
  }
  if (blocked.length > 0) return { key, label, status: 'not judged', reasons: notJudged, ran: 0 };
  return { key, label, status: 'skipped', reasons: skipped.length > 0 ? skipped : ['no scenario exercises it'], ran: 0 };
}

/**
 * A rule's row, judged by the checks that carry its id: it fails when one of them failed (a
 * scenario tagged with the rule that failed another rule's check does not fail it). It passed when
 * a scenario recorded a check of it, or a scenario tagged with it passed, or failed only other
 * rules' checks and went on to the end; a tagged scenario that was blocked, or stopped by another
 * rule's error before it, did not judge it.
 */
export function ruleRow(rule: RuleRow, scenarios: readonly ScenarioResult[], deviations: readonly Deviation[], inputs: RowInputs): SummaryRow {
  const label = `${rule.seed}: ${rule.text}`;
  if (rule.notTested) return { key: rule.id, label, status: 'not tested', reasons: [rule.notTested], ran: 0 };
  const own = (check: string) => ruleOfCheck(check) === rule.id;
  const ids = new Set(scenarios.map((s) => s.id));
  const failures = deviations.filter((d) => !d.blocked && own(d.check) && ids.has(d.scenario));
  const concerned = scenarios.filter((s) => s.tags.includes(ruleTag(rule.id)) || s.checks.some((c) => own(c.id)));
  const judges = (s: ScenarioResult) => ran(s) && (s.checks.some((c) => own(c.id)) || !s.checks.some((c) => c.fromError));
  return row(
    rule.id,
    label,
    concerned.filter(judges),
    failures,
    concerned.filter((s) => !judges(s)),
    inputs,
  );
}

/** An operation's row: it fails when a failed check judged one of its answers; it passed when a scenario that ran called it. */
export function operationRow(op: DocumentedOperation, scenarios: readonly ScenarioResult[], deviations: readonly Deviation[], inputs: RowInputs): SummaryRow {
  const calling = scenarios.filter((s) => s.calls.some((c) => c.operation === op.operationId && !c.housekeeping));
  const failures = deviations.filter((d) => !d.blocked && d.answer?.operation === op.operationId);
  const judged = row(op.operationId, `${op.method} ${op.pathTemplate}`, calling.filter(ran), failures, [], inputs);
  return judged.status === 'skipped' ? { ...judged, reasons: ['not called by any scenario that ran'] } : judged;
}
