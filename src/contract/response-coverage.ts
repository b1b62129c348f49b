/**
 * Response coverage: which (operation, documented status) pairs a run saw the target answer, and
 * whether the check of that answer held. Runs record raw tallies (mergeable by adding them up:
 * a conformance run and a fuzz run of the same target); the matrix and the figure are derived.
 */

/** How often one operation was answered with one status, and how often the check of that answer failed. */
export interface ResponseTally {
  operation: string;
  status: number;
  seen: number;
  failed: number;
}

/** One operation of the spec with the statuses it documents (listOperations()). */
export interface DocumentedOperation {
  operationId: string;
  method: string;
  pathTemplate: string;
  statuses: readonly number[];
}

/**
 * A documented status of an operation: `verified` (answered, and at least once the check held),
 * `seen-but-failed` (answered, but every check of it failed), `never seen`.
 */
export type CoverageCell = 'verified' | 'seen-but-failed' | 'never seen';

/** One operation's row of the matrix. */
export interface CoverageRow {
  operationId: string;
  method: string;
  pathTemplate: string;
  documented: Array<{ status: number; cell: CoverageCell }>;
  /** Statuses the target answered that the spec does not document for this operation. */
  undocumented: number[];
}

/** The matrix, and documented responses seen / documented responses. */
export interface ResponseCoverage {
  rows: CoverageRow[];
  seen: number;
  documented: number;
  /** seen / documented × 100, one decimal, rounded down (so a gate never passes on rounding). */
  percent: number;
  /** Documented pairs never answered, `operationId status`. */
  missing: string[];
}

/** Adds up tallies of the same (operation, status), from one run or several. */
export function mergeTallies(...lists: ReadonlyArray<readonly ResponseTally[]>): ResponseTally[] {
  const byPair = new Map<string, ResponseTally>();
  for (const tally of lists.flat()) {
    const key = `${tally.operation} ${tally.status}`;
    const sum = byPair.get(key) ?? { operation: tally.operation, status: tally.status, seen: 0, failed: 0 };
    sum.seen += tally.seen;
    sum.failed += tally.failed;
    byPair.set(key, sum);
  }
  return [...byPair.values()].sort((a, b) => a.operation.localeCompare(b.operation) || a.status - b.status);
}

/** Counts one answer into `tallies` (a run's running list). */
export function countAnswer(tallies: ResponseTally[], operation: string, status: number, failed: boolean): void {
  let tally = tallies.find((t) => t.operation === operation && t.status === status);
  if (!tally) {
    tally = { operation, status, seen: 0, failed: 0 };
    tallies.push(tally);
  }
  tally.seen++;
  if (failed) tally.failed++;
}

/** Marks one already counted answer as one whose check failed (the fuzzer judges after it counts). */
export function countFailedCheck(tallies: ResponseTally[], operation: string, status: number): void {
  const tally = tallies.find((t) => t.operation === operation && t.status === status);
  if (tally && tally.failed < tally.seen) tally.failed++;
}

/** The matrix operation × documented status of `operations`, from the tallies of one or more runs. */
export function buildResponseCoverage(operations: readonly DocumentedOperation[], tallies: readonly ResponseTally[]): ResponseCoverage {
  const merged = mergeTallies(tallies);
  const rows = operations.map((op): CoverageRow => {
    const answered = merged.filter((t) => t.operation === op.operationId);
    const documented = op.statuses.map((status) => {
      const tally = answered.find((t) => t.status === status);
      const cell: CoverageCell = !tally ? 'never seen' : tally.seen > tally.failed ? 'verified' : 'seen-but-failed';
      return { status, cell };
    });
    const undocumented = answered.filter((t) => !op.statuses.includes(t.status)).map((t) => t.status);
    return { operationId: op.operationId, method: op.method, pathTemplate: op.pathTemplate, documented, undocumented };
  });
  const pairs = rows.flatMap((r) => r.documented.map((d) => ({ ...d, operationId: r.operationId })));
  const seen = pairs.filter((p) => p.cell !== 'never seen').length;
  const percent = pairs.length === 0 ? 100 : Math.floor((seen / pairs.length) * 1000) / 10;
  const missing = pairs.filter((p) => p.cell === 'never seen').map((p) => `${p.operationId} ${p.status}`);
  return { rows, seen, documented: pairs.length, percent, missing };
}

/** Why a run with `--min-coverage` fails: one line and the missing pairs (a line per operation), or undefined when the figure reaches it. */
export function checkMinCoverage(coverage: ResponseCoverage, minPercent: number | undefined): string | undefined {
  if (minPercent === undefined || coverage.percent >= minPercent) return undefined;
  const missingByOperation = coverage.rows
    .map((row) => ({ row, statuses: row.documented.filter((d) => d.cell === 'never seen').map((d) => d.status) }))
    .filter(({ statuses }) => statuses.length > 0)
    .map(({ row, statuses }) => `  ${row.operationId}: ${statuses.join(', ')}`);
  return [
    `response coverage ${coverage.percent}% (${coverage.seen} of ${coverage.documented} documented responses seen) is below --min-coverage ${minPercent}; never seen:`,
    ...missingByOperation,
  ].join('\n');
}
