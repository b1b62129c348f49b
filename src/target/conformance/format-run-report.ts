import { formatCoverageLine } from '../coverage/render-coverage.js';
import type { ConformanceSummary } from './build-conformance-summary.js';
import { pairsWith } from './compare-with-baseline.js';
import { ERROR_EXPECTED } from './error-as-check.js';
import { answerLine, type CauseLine } from './group-causes.js';

/** Console lines the causes may take, headings included: one screen. The rest are counted (every cause is in the summary). */
const CAUSE_LINE_BUDGET = 25;

const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/**
 * A cause as the console prints it, each line within 160 columns: what deviated and how often,
 * and, when `withAnswer` and there is room, the answer that failed and the first scenario on a
 * second line (every scenario is in the summary). A cause the baseline holds shows its reason.
 */
function causeLines(c: CauseLine, withAnswer: boolean): string[] {
  const mark = c.known ? '~' : c.blocked ? '⊘' : '✗';
  // A blocked cause's "expected" is the setup step it could not do.
  const expected = c.blocked ? `at "${c.expected}", ` : c.expected === ERROR_EXPECTED ? '' : `expected ${c.expected}, `;
  const head = `  ${mark} ${c.scenarios.length}× ${c.check}: ${expected}observed ${c.observed}`;
  const reason = c.known && !isTodo(c) ? ` — known (baseline): ${c.reason ?? ''}` : '';
  const more = c.scenarios.length > 1 ? ` (+${c.scenarios.length - 1} more)` : '';
  const where = `${cut(c.scenarios[0] ?? '', 60)}${more}`;
  if (!withAnswer) return [cut(`${head}${reason}`, 160)];
  return [cut(`${head}${reason}`, 160), `      ${c.answer ? `${answerLine(c.answer, 150 - where.length)} ← ` : 'in '}${where}`];
}

const isTodo = (c: CauseLine) => /^\s*TODO\b/i.test(c.reason ?? '');

/**
 * How many lines each cause gets within `room`: a line for each new cause, then the answer line
 * of new causes, then a line for each known cause, then the answer of known causes whose reason
 * is still TODO (a reviewer writes it from the answer). A cause that gets none is counted on one
 * more line.
 */
function planLines(fresh: readonly CauseLine[], known: readonly CauseLine[], room: number): Map<CauseLine, 1 | 2> {
  const plan = new Map<CauseLine, 1 | 2>();
  const total = fresh.length + known.length;
  let left = room - (total > room ? 1 : 0);
  const give = (causes: readonly CauseLine[], lines: 1 | 2) => {
    for (const cause of causes) {
      if (left <= 0) return;
      if (lines === 1 && !plan.has(cause)) plan.set(cause, 1);
      else if (lines === 2 && plan.get(cause) === 1) plan.set(cause, 2);
      else continue;
      left--;
    }
  };
  give(fresh, 1);
  give(fresh, 2);
  give(known, 1);
  give(known.filter(isTodo), 2);
  if (plan.size < total && left === 0 && total <= room) {
    // The answers took the line that counts the causes left out: the last answer gives it back.
    const last = [...plan].reverse().find(([, n]) => n === 2);
    if (last) plan.set(last[0], 1);
  }
  return plan;
}

/**
 * The deviations of the run by cause, within one screen (25 lines, headings included): new causes
 * first — failed checks, then blocked scenarios — each with the answer that failed while there is
 * room, then those the baseline holds. What does not fit is counted: every cause is in the summary.
 */
export function formatCauses(summary: ConformanceSummary): string[] {
  const fresh = (list: CauseLine[]) => list.filter((c) => !c.known);
  const known = [...summary.causes, ...summary.blockedCauses].filter((c) => c.known);
  const deviations = (list: CauseLine[]) => list.reduce((n, c) => n + c.scenarios.length, 0);
  const sections = (
    [
      [`Failed checks by cause (${fresh(summary.causes).length})`, fresh(summary.causes)],
      [`Stopped in setup, by cause (${fresh(summary.blockedCauses).length}): not judged from that step on`, fresh(summary.blockedCauses)],
      [`Known deviations the baseline holds (${known.length} cause(s), ${deviations(known)} deviation(s))`, known],
    ] as Array<[string, CauseLine[]]>
  ).filter(([, causes]) => causes.length > 0);
  const plan = planLines([...fresh(summary.causes), ...fresh(summary.blockedCauses)], known, CAUSE_LINE_BUDGET - sections.length);
  const lines: string[] = [];
  for (const [title, causes] of sections) {
    const visible = causes.filter((c) => plan.has(c));
    lines.push(visible.length > 0 ? `${title}:` : `${title}: in conformance-summary.md`);
    for (const cause of visible) lines.push(...causeLines(cause, plan.get(cause) === 2));
  }
  // A section none of whose causes fit says so on its heading; the others' causes left out are counted.
  const hidden = sections.reduce((n, [, causes]) => n + (causes.some((c) => plan.has(c)) ? causes.filter((c) => !plan.has(c)).length : 0), 0);
  if (hidden > 0) lines.push(`  … ${hidden} more cause(s) in conformance-summary.md`);
  return lines;
}

/** The leftovers the final read found, with the commands that delete them (at most 20 printed; all in the summary). */
export function formatLeftovers(summary: ConformanceSummary): string[] {
  const { ids, unverified, deleteCommands } = summary.leftovers;
  if (ids.length + unverified.length === 0) return [];
  return [
    ...(ids.length > 0
      ? [`Records of the run left on the target (${ids.length}, read back after the run): ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', …' : ''}`]
      : []),
    ...(unverified.length > 0
      ? [`The final read could not read ${unverified.join(', ')}: what the run left there is unknown (ids start with ${summary.context.runPrefix})`]
      : []),
    ...(deleteCommands.length > 0
      ? [
          'Delete them with (TOKEN set to a token the target accepts):',
          ...deleteCommands.slice(0, 20).map((c) => `  ${c}`),
          ...(deleteCommands.length > 20 ? ['  … every command in conformance-summary.md'] : []),
        ]
      : []),
  ];
}

/** What became of the baseline's entries: held, and the pairs (scenario × check) that pass now, did not run or name no scenario. */
function baselineLines(summary: ConformanceSummary): string[] {
  if (!summary.baseline) return [];
  const { file, comparison } = summary.baseline;
  // As many pairs as fit in about 150 columns (at least one), then how many more.
  const few = (pairs: ReturnType<typeof pairsWith>) => {
    const named: string[] = [];
    for (const p of pairs) {
      const next = `${p.entry.check} in ${p.scenario}`;
      if (named.length > 0 && named.join('; ').length + next.length > 150) break;
      named.push(cut(next, 150));
    }
    return `${named.join('; ')}${pairs.length > named.length ? `; +${pairs.length - named.length} more` : ''}`;
  };
  const held = comparison.entries.filter((e) => e.pairs.some((p) => p.outcome === 'held')).length;
  const passing = pairsWith(comparison, 'now passing');
  const racy = pairsWith(comparison, 'not seen this run');
  const notRun = pairsWith(comparison, 'not run');
  const unknown = pairsWith(comparison, 'not in the suite');
  return [
    `Baseline ${file}: ${held} of ${comparison.entries.length} cause(s) still seen, holding ${comparison.held.length} deviation(s); ${comparison.unheld.length} it does not hold`,
    ...(passing.length > 0 ? [`  not seen any more, remove from the baseline (${passing.length}): ${few(passing)}`] : []),
    ...(racy.length > 0 ? [`  races not seen this run, kept (${racy.length}): ${few(racy)}`] : []),
    ...(notRun.length > 0 ? [`  not judged this run (${notRun.length}): ${few(notRun)}`] : []),
    ...(unknown.length > 0 ? [`  no scenario has this id, fix or remove it (${unknown.length}): ${few(unknown)}`] : []),
  ];
}

/** The lines `mgmt-kit conformance` prints after the progress: counts, the causes, the baseline, leftovers, coverage, report paths, the verdict. */
export function formatRunReport(summary: ConformanceSummary, reportFiles: readonly string[], writeBaseline?: string): string {
  const { context: c } = summary;
  const { passed, failed, blocked, skipped, notSelected } = summary.counts;
  const skippedNotes = [
    c.allowDestructive ? '' : '@destructive scenarios skipped (no --allow-destructive)',
    c.jwtSecretGiven ? '' : '@needs-jwt-secret scenarios skipped (no --jwt-secret)',
    c.profile === 'core' ? '@extension scenarios skipped (profile core)' : '',
  ].filter(Boolean);
  const written =
    writeBaseline === undefined
      ? []
      : [`Baseline written to ${writeBaseline}: ${summary.causes.length + summary.blockedCauses.length} cause(s); give each its reason and commit it`];
  // A scenario that failed a check and then met a setup step it could not do counts as failed, not blocked: say how many.
  const stopped = new Set(summary.blockedCauses.flatMap((cause) => cause.scenarios)).size - blocked;
  const failedText = stopped > 0 ? `${failed} failed (${stopped} of them stopped in a later setup step)` : `${failed} failed`;
  return [
    '',
    `Conformance of ${c.baseUrl} (profile ${c.profile}): ${passed} passed, ${failedText}, ${blocked} blocked, ${skipped} skipped, ${notSelected} not selected — ${(c.durationMs / 1000).toFixed(1)} s`,
    ...skippedNotes.map((note) => `  ${note}`),
    ...formatCauses(summary),
    ...baselineLines(summary),
    ...written,
    ...formatLeftovers(summary),
    formatCoverageLine(summary.coverage),
    'Reports:',
    ...reportFiles.map((path) => `  ${path}`),
    `Verdict: ${summary.verdict} (exit ${summary.outcome.exitCode})${summary.outcome.reasons.length > 0 ? ` — ${summary.outcome.reasons.map((r) => r.split('\n')[0]).join('; ')}` : ''}`,
    '',
  ].join('\n');
}
