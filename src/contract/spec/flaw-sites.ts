import type { SpecValidator } from './spec-validator.js';
import { describedTypeNode, type SpecDocument, itemsNode, oneOfNodes, propertyNode, requiredProperties, schemaAt, type SchemaNode } from './schema-node.js';

/** How a body breaks its schema: each derived from the spec's schema, never hand-written. */
export type FlawKind = 'missing' | 'wrong-type' | 'bad-enum' | 'too-short' | 'unknown-member';
/** A flaw picked at generation time and applied to the built body: which kind, which site of it, which value (each modulo what the body offers). */
export type FlawChoice = { kind: FlawKind; pick: number; variant: number };

/** A place in a body where one of the spec's rules can be broken. */
export interface FlawSite {
  kind: FlawKind;
  /** Field names and list indices from the body's root. */
  path: ReadonlyArray<string | number>;
  /** The schema the value at `path` must satisfy (for `wrong-type` candidates and `bad-enum` lists). */
  node: SchemaNode;
  /**
   * A field whose name the description hides, broken against the type the description gives it (faithful-answers hidden-name-fields): the target may store
   * the value as sent or refuse it.
   */
  hiddenName?: true;
}

/** What the walk needs: the spec as a document and compiled, and which kinds to offer. */
export interface SiteOptions {
  doc: SpecDocument;
  spec: SpecValidator;
  /** `missing` only where the description fixes the answer: a required field on create (§4.1 rule 4). */
  allowMissing: boolean;
  /** Top-level fields never broken: the run's own id and marker, which keep the fuzzer's records findable. */
  keepTopLevel?: readonly string[];
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every site in `value` where a rule of its schema can be broken, found by walking value and schema together: a required field to drop, a declared field to
 * give another JSON type, an enum to leave, a `minLength` string to empty, a closed object to add a member to. A field whose name the description hides is
 * broken only against the type the description gives it, and marked so (faithful-answers hidden-name-fields). Left out, because the description leaves their
 * answer open: the record id and entry ids as missing fields.
 */
export function listFlawSites(node: SchemaNode, value: unknown, options: SiteOptions): FlawSite[] {
  const sites: FlawSite[] = [];
  walk(node, value, [], options, sites);
  return sites;
}

function walk(node: SchemaNode, value: unknown, path: ReadonlyArray<string | number>, options: SiteOptions, sites: FlawSite[]): void {
  const branches = oneOfNodes(options.doc, node);
  if (branches.length > 0) {
    const matching = branches.find((b) => options.spec.accepts(b.pointer, value));
    if (matching) walk(matching, value, path, options, sites);
    return;
  }
  if (Array.isArray(node.schema['enum'])) sites.push({ kind: 'bad-enum', path, node });
  const minLength = node.schema['minLength'];
  if (typeof value === 'string' && typeof minLength === 'number' && minLength >= 1) sites.push({ kind: 'too-short', path, node });
  if (Array.isArray(value)) {
    const items = itemsNode(options.doc, node);
    if (items) for (const [i, item] of value.entries()) walk(items, item, [...path, i], options, sites);
    return;
  }
  if (!isObject(value) || node.schema['type'] !== 'object') return;
  if (node.schema['additionalProperties'] === false) sites.push({ kind: 'unknown-member', path, node });
  if (options.allowMissing) {
    for (const name of requiredProperties(node)) {
      if (name !== 'id' && Object.hasOwn(value, name)) sites.push({ kind: 'missing', path: [...path, name], node });
    }
  }
  for (const name of Object.keys(value)) {
    const child = propertyNode(options.doc, node, name);
    if (!child || (path.length === 0 && options.keepTopLevel?.includes(name))) continue;
    const described = describedTypeNode(node, name);
    if (described) {
      // Only against the described type, and never into the value: under another name it is an extra field.
      if (described.schema['type'] !== undefined) sites.push({ kind: 'wrong-type', path: [...path, name], node: described, hiddenName: true });
      continue;
    }
    sites.push({ kind: 'wrong-type', path: [...path, name], node: child });
    walk(child, value[name], [...path, name], options, sites);
  }
}

/** `actions[0].config.cmd` for a path. */
export function formatPath(path: ReadonlyArray<string | number>): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : text === '' ? part : `.${part}`;
  return text === '' ? '(body)' : text;
}

/** A body after a flaw, and the words that say what was broken. */
interface FlawedBody {
  value: unknown;
  /** e.g. `missing required field parameters[0].type`; undefined when nothing was changed. */
  description: string | undefined;
  /** The site that was used, so the judge knows which tolerance applies. */
  site: FlawSite | undefined;
}

// Candidates for a field of the wrong JSON type; only those the field's schema refuses are used. null is never one: some implementations read null as
// "absent", which the description leaves open.
const WRONG_TYPE_CANDIDATES: readonly unknown[] = [0, 1.5, true, 'text', {}, ['x'], [1]];
// A hidden-name field typed as described may be read by a lenient decoder (0 as false, as Python's marshmallow does); only values no decoder reads as the
// described type are sent there.
const HIDDEN_NAME_CANDIDATES: readonly unknown[] = [1.5, 'text', {}, ['x'], [1]];

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

function jsonTypeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return value === null ? 'null' : typeof value;
}

/** The JSON types a schema allows (its `type`, or the types of its `oneOf` branches); empty when it says none. */
function allowedTypes(node: SchemaNode, doc: SiteOptions['doc']): Set<string> {
  const branches = node.schema['oneOf'];
  const types = Array.isArray(branches) ? branches.map((_, i) => schemaAt(doc, `${node.pointer}/oneOf/${i}`).schema['type']) : [node.schema['type']];
  const allowed = new Set(types.flat().filter((t): t is string => typeof t === 'string'));
  if (allowed.has('number')) allowed.add('integer');
  return allowed;
}

function replacementsFor(site: FlawSite, options: SiteOptions, current: unknown): unknown[] {
  switch (site.kind) {
    case 'wrong-type': {
      // Another JSON type, not merely an invalid value of the right type ({} for a where is a where without equals, which the description leaves open).
      const allowed = allowedTypes(site.node, options.doc);
      if (allowed.size === 0) return [];
      const candidates = site.hiddenName ? HIDDEN_NAME_CANDIDATES : WRONG_TYPE_CANDIDATES;
      return candidates.filter((c) => !allowed.has(jsonTypeOf(c)) && !options.spec.accepts(site.node.pointer, c));
    }
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
 * Applies the chosen flaw to a copy of `value`: picks a site of the chosen kind and breaks it (a body without such a site stays as it is). The original is
 * not modified.
 *
 * @example applyFlaw(node, { name: 'Mesh' }, { kind: 'missing', pick: 0, variant: 0 }, options)
 * // → { value: {}, description: 'missing required field name', site: … }
 */
export function applyFlaw(node: SchemaNode, value: unknown, choice: FlawChoice | undefined, options: SiteOptions): FlawedBody {
  if (!choice) return { value, description: undefined, site: undefined };
  // Only the chosen kind: each body offers the kinds whose answer the description fixes for it.
  const sites = listFlawSites(node, value, options).filter((s) => s.kind === choice.kind);
  const site = sites[choice.pick % Math.max(sites.length, 1)];
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
  const candidates = replacementsFor(site, options, parent[key]);
  if (candidates.length === 0) return { value, description: undefined, site: undefined };
  const replacement = candidates[choice.variant % candidates.length];
  setOwn(parent, key, replacement);
  const words = { 'wrong-type': 'wrong JSON type at', 'bad-enum': 'enum value outside its list at', 'too-short': 'empty string at' }[site.kind];
  return { value: copy, description: `${words} ${formatPath(site.path)} (${JSON.stringify(replacement)})`, site };
}
