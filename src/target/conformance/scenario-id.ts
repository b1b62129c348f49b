/**
 * A scenario's stable id: `<feature file name>: <scenario name>`, and for a row of a Scenario
 * Outline its cells as written, ` [<cell> | <cell> …]`. Scenario names alone are not unique (the
 * rows of an outline share theirs), so the baseline, junit and the summary name a scenario by this
 * id: the same scenario gets the same id in every run and every release that keeps its text.
 */
export function scenarioId(uri: string, name: string, rowCells: readonly string[] = []): string {
  const file = uri.slice(uri.lastIndexOf('/') + 1);
  return `${file}: ${name}${rowCells.length > 0 ? ` [${rowCells.join(' | ')}]` : ''}`;
}
