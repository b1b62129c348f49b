/** The mutants of a Stryker JSON report counted by status, and Stryker's mutation score. */
export interface MutationSummary {
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  errors: number;
  ignored: number;
  score: number;
}
export function summariseMutationReport(report: { files: Record<string, { mutants: Array<{ status: string }> }> }): MutationSummary;
export function filesLeftOutOfMutation(config: { mutate: string[] }): string[];
export function readFilesLeftOutOfMutation(): string[];
export const STRYKER_BIN: string;
