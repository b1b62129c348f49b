/** A mutant of a Stryker JSON report, as far as the comparison reads it. */
export interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
export interface MutationReport {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}
export const DISABLE_COMMENT: RegExp;
export function stripDisableComments(source: string): { text: string; lineOf: (line: number) => number };
export function compareIgnoredMutants(
  ignoredRun: MutationReport,
  fullRun: MutationReport,
): {
  checked: number;
  byStatus: Record<string, number>;
  hidden: Array<{ file: string; line: number; mutator: string; replacement: string; reason: string }>;
  missing: number;
};
export function compareExcludedFiles(
  ignoredRun: MutationReport,
  fullRun: MutationReport,
): {
  files: string[];
  checked: number;
  byStatus: Record<string, number>;
  hidden: Array<{ file: string; line: number; mutator: string; replacement: string; reason: string }>;
};
