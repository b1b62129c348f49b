// Checks the claim behind every `// Stryker disable` comment and the refusal-wording ignorer: an
// ignored mutant is one no scenario detects. Two Stryker reports of the same code are compared:
// the usual run (mutants ignored) and a run of the same files with the disable comments removed
// and no ignorer (every mutant tested). An ignored mutant that the second run killed is a
// detection the ignore hid.

/** A line that only disables mutants (`// Stryker disable next-line …` or `// Stryker disable all …`). */
export const DISABLE_COMMENT = /^\s*\/\/\s*Stryker disable\b.*$/;

/**
 * The source without its disable-comment lines, and where each original line went (1-based;
 * a removed line maps to the line after it).
 * @param {string} source
 * @returns {{ text: string, lineOf: (line: number) => number }}
 */
export function stripDisableComments(source) {
  const lines = source.split('\n');
  const newLine = [];
  const kept = [];
  for (const line of lines) {
    newLine.push(kept.length + 1);
    if (!DISABLE_COMMENT.test(line)) kept.push(line);
  }
  return { text: kept.join('\n'), lineOf: (line) => newLine[line - 1] ?? line };
}

/**
 * @typedef {{ mutatorName: string, replacement?: string, status: string, statusReason?: string,
 *   location: { start: { line: number, column: number }, end: { line: number, column: number } } }} Mutant
 * @typedef {{ files: Record<string, { source: string, mutants: Mutant[] }> }} Report
 */

/**
 * Where a mutant is and what it does, the same in both runs: its lines mapped past removed
 * comments, and its replacement without them (Stryker prints a node's leading comments in it).
 * @param {Mutant} m @param {(line: number) => number} lineOf
 */
function keyOf(m, lineOf) {
  const { start, end } = m.location;
  const replacement = (m.replacement ?? '')
    .split('\n')
    .filter((line) => !DISABLE_COMMENT.test(line))
    .join('\n');
  return `${lineOf(start.line)}:${start.column}-${lineOf(end.line)}:${end.column} ${m.mutatorName} ${replacement}`;
}

/**
 * Counts mutants by their status in the full run; a killed or timed-out one is a detection an
 * ignore or an exclusion hid, listed as the check prints it.
 */
function tally() {
  const byStatus = {};
  const hidden = [];
  let checked = 0;
  /** @param {string} file @param {Mutant} mutant @param {string} status */
  const count = (file, mutant, status) => {
    checked++;
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    if (status !== 'Killed' && status !== 'Timeout') return;
    const reason = mutant.statusReason ?? '';
    hidden.push({ file, line: mutant.location.start.line, mutator: mutant.mutatorName, replacement: mutant.replacement ?? '', reason });
  };
  return { count, result: () => ({ checked, byStatus, hidden }) };
}

/**
 * Every mutant `ignoredRun` ignores, with its status in `fullRun`. Throws when the two runs did
 * not mutate the same code (a file differs once the comments are removed).
 * @param {Report} ignoredRun the usual report (disable comments and ignorer on)
 * @param {Report} fullRun the report of the same files without comments or ignorer
 * @returns {{ checked: number, byStatus: Record<string, number>, hidden: Array<{ file: string, line: number, mutator: string, replacement: string, reason: string }>, missing: number }}
 */
export function compareIgnoredMutants(ignoredRun, fullRun) {
  const { count, result } = tally();
  let missing = 0;
  for (const [file, data] of Object.entries(ignoredRun.files)) {
    const stripped = stripDisableComments(data.source);
    const full = fullRun.files[file];
    if (!full || full.source !== stripped.text) throw new Error(`${file}: the two runs mutated different code; run both on the same commit`);
    const statusByKey = new Map(full.mutants.map((m) => [keyOf(m, (line) => line), m.status]));
    for (const mutant of data.mutants) {
      if (mutant.status !== 'Ignored') continue;
      const status = statusByKey.get(keyOf(mutant, stripped.lineOf));
      if (status === undefined) missing++;
      else count(file, mutant, status);
    }
  }
  const { checked, byStatus, hidden } = result();
  return { checked: checked + missing, byStatus, hidden, missing };
}

/**
 * Every mutant of the files the usual run left out of `mutate` (in the full run, not in the usual
 * one), with its status in the full run. A killed or timed-out one is a detection the exclusion hid.
 * @param {Report} ignoredRun the usual report
 * @param {Report} fullRun the report of the whole core without comments or ignorer
 * @returns {{ files: string[], checked: number, byStatus: Record<string, number>, hidden: Array<{ file: string, line: number, mutator: string, replacement: string, reason: string }> }}
 */
export function compareExcludedFiles(ignoredRun, fullRun) {
  const files = Object.keys(fullRun.files)
    .filter((file) => !(file in ignoredRun.files))
    .sort();
  const { count, result } = tally();
  for (const file of files) for (const mutant of fullRun.files[file].mutants) count(file, mutant, mutant.status);
  return { files, ...result() };
}
