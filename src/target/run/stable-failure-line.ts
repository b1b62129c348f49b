// A failure's words without the run's own ids, so that a baseline written from one run matches the next.
const RUN_ID_PREFIX = /\b(mk|fz)-[0-9a-f]{6}-/g;

/** The failure's first line as a stable text: the same failure gives the same words in every run. */
export function stableFailureLine(error: string | undefined): string {
  return (error ?? 'failed').split('\n')[0]!.replace(RUN_ID_PREFIX, '$1-…-');
}
