import { randomBytes } from 'node:crypto';

/**
 * A fresh prefix for every id a conformance run creates (`mk-<6 hex>-`), so the suite can work
 * on a deployment that holds real data: it only ever touches records whose id starts with it
 * (§2 rule 3 recommends readable ids; the prefix keeps them readable).
 */
export function createRunPrefix(): string {
  return `mk-${randomBytes(3).toString('hex')}-`;
}
