// Counts the mutants of a Stryker JSON report (mutation-testing-report-schema) by status.

/**
 * @param {{ files: Record<string, { mutants: Array<{ status: string }> }> }} report
 * @returns {{ killed: number, survived: number, noCoverage: number, timeout: number, errors: number, ignored: number, score: number }}
 */
export function summariseMutationReport(report) {
  const counts = { Killed: 0, Survived: 0, NoCoverage: 0, Timeout: 0, CompileError: 0, RuntimeError: 0, Ignored: 0, Pending: 0 };
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return {
    killed: counts.Killed,
    survived: counts.Survived,
    noCoverage: counts.NoCoverage,
    timeout: counts.Timeout,
    errors: counts.CompileError + counts.RuntimeError,
    ignored: counts.Ignored,
    // Stryker's mutation score: detected / (detected + undetected), errors and ignored left out.
    score: valid === 0 ? 0 : (100 * detected) / valid,
  };
}
