import type { FuzzStep } from '../generate/fuzz-step.js';
import type { HuntOptions, HuntResult } from './hunt-failure.js';

/**
 * Runs one probe sequence (probe-sequences.ts) and, when it shows a failure not seen before,
 * shrinks it by dropping steps — halves, then quarters, down to single steps — keeping every
 * candidate that still shows that same failure, until nothing more can go or the shrink budget
 * is spent. A probe is a fixed sequence, not a generated value fast-check could shrink; dropping
 * steps is what makes its repro as short as a random sequence's.
 */
export async function huntProbe(steps: readonly FuzzStep[], options: Omit<HuntOptions, 'seed' | 'numRuns'>): Promise<HuntResult | undefined> {
  if (Date.now() >= options.deadline) return undefined;
  const first = await options.run([...steps], false);
  if (first.cutShort || !first.failure || options.known.has(first.failure.signature)) return undefined;
  let failure = first.failure;
  let current = [...steps];
  let numShrinks = 0;
  const until = Math.min(Date.now() + options.shrinkBudgetMs, options.deadline);
  for (let size = Math.ceil(current.length / 2); size >= 1; size = size === 1 ? 0 : Math.ceil(size / 2)) {
    for (let start = 0; start < current.length && current.length > 1; ) {
      if (Date.now() >= until) return { failure, numShrinks, shrinkCutShort: true };
      const candidate = [...current.slice(0, start), ...current.slice(start + size)];
      if (candidate.length === 0) {
        start += size;
        continue;
      }
      const result = await options.run(candidate, true);
      if (!result.cutShort && result.failure?.signature === failure.signature) {
        current = candidate;
        failure = result.failure;
        numShrinks++;
      } else start += size;
    }
  }
  return { failure, numShrinks, shrinkCutShort: false };
}
