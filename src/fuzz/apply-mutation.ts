import type { SpecValidator } from '../spec/spec-validator.js';
import type { MutationChoice } from './fuzz-step.js';
import { formatPath, listMutationSites, type MutationSite, type SiteOptions } from './mutation-sites.js';
import type { SchemaNode } from './schema-node.js';

/** A body after a mutation, and the words that say what was broken. */
export interface MutatedBody {
  value: unknown;
  /** e.g. `missing required field parameters[0].type`; undefined when nothing was changed. */
  description: string | undefined;
  /** The site that was used, so the judge knows which tolerance applies. */
  site: MutationSite | undefined;
}

// Candidates for a field of the wrong JSON type; only those the field's schema refuses are used.
// null is never one: some implementations read null as "absent", which the seed leaves open.
const WRONG_TYPE_CANDIDATES: readonly unknown[] = [0, 1.5, true, 'text', {}, ['x'], [1]];

const deepCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function parentOf(root: unknown, path: ReadonlyArray<string | number>): Record<string | number, unknown> | undefined {
  let node: unknown = root;
  for (const part of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>) : undefined;
}

/** Sets an own field (never the prototype, even for `__proto__`). */
function setOwn(target: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function replacementsFor(site: MutationSite, spec: SpecValidator, current: unknown): unknown[] {
  switch (site.kind) {
    case 'wrong-type':
      return WRONG_TYPE_CANDIDATES.filter((c) => spec.validateAt(site.node.pointer, c).length > 0);
    case 'bad-enum': {
      const allowed = site.node.schema['enum'] as unknown[];
      const first = String(allowed[0] ?? 'x');
      return ['paused', first.toUpperCase(), ` ${first}`].filter((c) => !allowed.includes(c));
    }
    case 'too-short':
      return [''];
    default:
      return [current];
  }
}

/**
 * Applies the chosen mutation to a copy of `value`: picks a site of the chosen kind (any kind
 * when the body has none of it) and breaks it. The original is not modified.
 *
 * @example applyMutation(node, { name: 'Mesh' }, { kind: 'missing', pick: 0, variant: 0 }, options)
 * // → { value: {}, description: 'missing required field name', site: … }
 */
export function applyMutation(node: SchemaNode, value: unknown, choice: MutationChoice | undefined, options: SiteOptions): MutatedBody {
  if (!choice) return { value, description: undefined, site: undefined };
  const sites = listMutationSites(node, value, options);
  const ofKind = sites.filter((s) => s.kind === choice.kind);
  const pool = ofKind.length > 0 ? ofKind : sites;
  const site = pool[choice.pick % Math.max(pool.length, 1)];
  if (!site) return { value, description: undefined, site: undefined };
  const copy = deepCopy(value);
  if (site.kind === 'unknown-member') {
    const target = site.path.length === 0 ? copy : parentOf(copy, [...site.path, '']);
    if (typeof target !== 'object' || target === null) return { value, description: undefined, site: undefined };
    setOwn(target as Record<string, unknown>, 'unexpected', 'member');
    return { value: copy, description: `unknown member ${formatPath([...site.path, 'unexpected'])}`, site };
  }
  const parent = parentOf(copy, site.path);
  const key = site.path[site.path.length - 1];
  if (!parent || key === undefined) return { value, description: undefined, site: undefined };
  if (site.kind === 'missing') {
    delete parent[key];
    return { value: copy, description: `missing required field ${formatPath(site.path)}`, site };
  }
  const candidates = replacementsFor(site, options.spec, parent[key]);
  if (candidates.length === 0) return { value, description: undefined, site: undefined };
  const replacement = candidates[choice.variant % candidates.length];
  setOwn(parent, key, replacement);
  const words = { 'wrong-type': 'wrong JSON type at', 'bad-enum': 'enum value outside its list at', 'too-short': 'empty string at' }[site.kind];
  return { value: copy, description: `${words} ${formatPath(site.path)} (${JSON.stringify(replacement)})`, site };
}
