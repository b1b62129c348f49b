/** One group of surviving mutants and why they are left alive. */
export interface SurvivorReason {
  file: string;
  line?: RegExp;
  reason: string;
}
export const SURVIVOR_REASONS: SurvivorReason[];
export function reasonFor(file: string, lineText: string): string | undefined;
