import { BROKEN_VARIANTS } from './broken-variants.js';
import { WITHOUT_REALISTIC_DATA } from './realistic-data-tags.js';
import { scenariosTagged } from './scenarios-tagged.js';

/**
 * The scenarios a broken variant must fail: those its `fails` tag expression selects among the
 * scenarios its self-check run selects (every scenario but the realistic-data and @concurrency
 * ones, realistic-data-tags.ts; profile core leaves out @extension). A new scenario carrying the
 * variant's rule or check tag joins its expectation; read why before keeping it.
 */
export function expectedFailuresOf(fails: string, profile: 'core' | 'extended' = 'extended'): string[] {
  const run = profile === 'core' ? `${WITHOUT_REALISTIC_DATA} and not @extension` : WITHOUT_REALISTIC_DATA;
  return scenariosTagged(`(${fails}) and ${run}`);
}

/**
 * The scenarios each broken variant must fail — exactly these, no more, no fewer (the
 * self-check in broken-variants.test.ts): each variant's `fails` expression, evaluated on the features.
 */
export const EXPECTED_FAILURES: Record<string, readonly string[]> = Object.fromEntries(
  BROKEN_VARIANTS.map((variant) => {
    if (!variant.fails) throw new Error(`broken variant ${variant.name} declares no fails tag expression`);
    return [variant.name, expectedFailuresOf(variant.fails, variant.profile)];
  }),
);
