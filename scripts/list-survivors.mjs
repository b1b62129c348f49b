// Writes docs/mutation/SURVIVORS.md from a Stryker JSON report: every mutant the conformance features
// do not kill, with its reason — for an ignored mutant the reason written beside the code
// (`// Stryker disable …: why`), for a surviving or uncovered one the rule of
// scripts/survivor-reasons.mjs that covers it, else "not triaged".
//
// node scripts/list-survivors.mjs [reports/mutation/mutation.json] [docs/mutation/SURVIVORS.md]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readFilesLeftOutOfMutation, summariseMutationReport } from './mutation-report.mjs';
import { reasonFor } from './survivor-reasons.mjs';

const NOT_TRIAGED = 'not triaged';
const STATUS_NAMES = { Survived: 'survived', NoCoverage: 'no coverage', Ignored: 'ignored' };

/**
 * The mutants left alive by a report, each with where, how and why.
 * @param {{ files: Record<string, { source: string, mutants: Array<{ status: string, mutatorName: string, location: { start: { line: number } }, statusReason?: string }> }> }} report
 */
export function listSurvivors(report) {
  const rows = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split('\n');
    const short = file.replace(/^.*src\/server\//, '');
    for (const mutant of mutants) {
      if (!(mutant.status in STATUS_NAMES)) continue;
      const line = mutant.location.start.line;
      const reason =
        mutant.status === 'Ignored'
          ? (mutant.statusReason ?? '').replace(/^Ignored because of excluded mutation|\s*\([\w./-]*SURVIVORS\.md\)\s*$/g, '').trim() || 'ignored'
          : (reasonFor(short, lines[line - 1] ?? '') ?? NOT_TRIAGED);
      rows.push({ where: `${short}:${line}`, file: short, line, mutator: mutant.mutatorName, status: STATUS_NAMES[mutant.status], reason });
    }
  }
  return rows.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.mutator.localeCompare(b.mutator));
}

/** The heading of the one hand-written section, which every rewrite keeps. */
export const HISTORY_HEADING = '## Before and after';

/**
 * The hand-written section of a survivor list as it was (the figures of earlier rounds, which no
 * report holds): from {@link HISTORY_HEADING} to the next heading, or '' when there is none.
 * @param {string} previous the text of the file about to be rewritten
 */
export function keptHistory(previous) {
  const start = previous.indexOf(`\n${HISTORY_HEADING}\n`);
  if (start < 0) return '';
  const end = previous.indexOf('\n## ', start + 1);
  return previous.slice(start + 1, end < 0 ? undefined : end).trimEnd();
}

/** The survivor list at `path` as it is, or '' for a first run. */
export function readPreviousSurvivors(path) {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

/**
 * Markdown for docs/mutation/SURVIVORS.md.
 * @param {string[]} notMutated the files stryker.config.json leaves out of `mutate`
 * @param {string} history the section {@link keptHistory} kept from the file before, placed after the figures
 */
export function renderSurvivors(report, measuredAt, notMutated = [], history = '') {
  const summary = summariseMutationReport(report);
  const rows = listSurvivors(report);
  const counted = rows.filter((r) => r.status !== 'ignored');
  const ignored = rows.filter((r) => r.status === 'ignored');
  const detected = summary.killed + summary.timeout;
  const rawScore = (100 * detected) / (detected + summary.survived + summary.noCoverage + summary.ignored);
  const byReason = (list) => {
    const counts = new Map();
    for (const r of list) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  };
  const cell = (text) => text.replace(/\|/g, '\\|');
  return [
    '# Surviving mutants',
    '',
    "`npm run mutation` (docs/mutation/README.md) mutates the reference server's core and runs every",
    'conformance scenario against each mutant. This file is written by `scripts/list-survivors.mjs`',
    "from that run's report: every mutant no scenario killed, with the reason it is left.",
    '',
    '- **ignored**: Stryker did not run it, because the code says why beside it',
    '  (`// Stryker disable …: reason`) or the refusal-wording ignorer (`test/mutation/`) picks out',
    '  the reason text of a refusal: kit-only code no request to the service reaches, mutants that',
    '  cannot change an answer (equivalent), wording the description does not fix, limits the kit',
    '  chose, and behaviour the description leaves open, where the mutant is another faithful',
    '  implementation (open). Stryker leaves these out of its score; the raw figure below counts',
    '  them as not detected. `npm run mutation:check-ignores` tests every ignored mutant with its',
    '  ignore removed and fails if a scenario detects one.',
    '- **survived** (a scenario ran the mutated code and still passed) and **no coverage** (no',
    '  scenario ran it): they count against the score; `scripts/survivor-reasons.mjs` gives the',
    '  reason per group of lines, and anything it does not cover is marked "not triaged".',
    '',
    'Files that hold only such code are not mutated at all (`mutate` in `stryker.config.json`; the',
    'mutation guide, docs/mutation/README.md, gives the reason for each), so their mutants are in none of the counts below;',
    '`npm run mutation:check-ignores` tests them too.',
    '',
    `Measured ${measuredAt}: ${summary.killed} killed, ${summary.timeout} timeout, ${summary.survived} survived, ${summary.noCoverage} no coverage, ${summary.ignored} ignored, ${summary.errors} errors over ${rows.length + detected + summary.errors} mutants of \`src/server/core/**\`.`,
    `Mutation score (Stryker: detected / (detected + survived + no coverage)) **${summary.score.toFixed(1)} %**; counting the ignored mutants as not detected, ${rawScore.toFixed(1)} %.`,
    '',
    ...(history === '' ? [] : [history, '']),
    '## Counted against the score, by reason',
    '',
    '| Mutants | Reason |',
    '|---:|---|',
    ...byReason(counted).map(([reason, n]) => `| ${n} | ${cell(reason)} |`),
    '',
    '## Ignored (reason written in the code or given by the ignorer), by reason',
    '',
    '| Mutants | Reason |',
    '|---:|---|',
    ...byReason(ignored).map(([reason, n]) => `| ${n} | ${cell(reason)} |`),
    '',
    '## Not mutated',
    '',
    ...notMutated.map((file) => `- \`${file}\``),
    '',
    '## Every mutant',
    '',
    '| Where | Mutator | Status | Reason |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.where} | ${r.mutator} | ${r.status} | ${cell(r.reason)} |`),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [reportPath = 'reports/mutation/mutation.json', outPath = 'docs/mutation/SURVIVORS.md'] = process.argv.slice(2);
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const history = keptHistory(readPreviousSurvivors(outPath));
  writeFileSync(outPath, renderSurvivors(report, new Date().toISOString().slice(0, 10), readFilesLeftOutOfMutation(), history));
  console.log(`wrote ${outPath}`);
}
