/** A Stryker JSON report, as far as the survivor list reads it. */
export interface StrykerReport {
  files: Record<
    string,
    { source: string; mutants: Array<{ status: string; mutatorName: string; location: { start: { line: number } }; statusReason?: string }> }
  >;
}
/** One mutant left alive, with where, how and why. */
export interface SurvivorRow {
  where: string;
  file: string;
  line: number;
  mutator: string;
  status: 'survived' | 'no coverage' | 'ignored';
  reason: string;
}
export function listSurvivors(report: StrykerReport): SurvivorRow[];
export const HISTORY_HEADING: string;
export function keptHistory(previous: string): string;
export function readPreviousSurvivors(path: string): string;
export function renderSurvivors(report: StrykerReport, measuredAt: string, notMutated?: string[], history?: string): string;
