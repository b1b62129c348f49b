import type { OpenApiDocument, SpecValidator } from '../../reference-server/core/index.js';
import type { FlawKind } from './fuzz-step.js';
import { describedTypeNode, itemsNode, oneOfNodes, propertyNode, requiredProperties, type SchemaNode } from './schema-node.js';

/** A place in a body where one of the spec's rules can be broken. */
export interface FlawSite {
  kind: FlawKind;
  /** Field names and list indices from the body's root. */
  path: ReadonlyArray<string | number>;
  /** The schema the value at `path` must satisfy (for `wrong-type` candidates and `bad-enum` lists). */
  node: SchemaNode;
  /**
   * A field whose name the description hides, broken against the type the description gives it
   * (faithful-answers hidden-name-fields): the target may store the value as sent or refuse it.
   */
  hiddenName?: true;
}

/** What the walk needs: the spec as a document and compiled, and which kinds to offer. */
export interface SiteOptions {
  doc: OpenApiDocument;
  spec: SpecValidator;
  /** `missing` only where the description fixes the answer: a required field on create (§4.1 rule 4). */
  allowMissing: boolean;
  /** Top-level fields never broken: the run's own id and marker, which keep the fuzzer's records findable. */
  keepTopLevel?: readonly string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every site in `value` where a rule of its schema can be broken, found by walking value and
 * schema together: a required field to drop, a declared field to give another JSON type, an
 * enum to leave, a `minLength` string to empty, a closed object to add a member to. A field
 * whose name the description hides is broken only against the type the description gives it,
 * and marked so (faithful-answers hidden-name-fields). Left out, because the description leaves
 * their answer open: the record id and entry ids as missing fields.
 */
export function listFlawSites(node: SchemaNode, value: unknown, options: SiteOptions): FlawSite[] {
  const sites: FlawSite[] = [];
  walk(node, value, [], options, sites);
  return sites;
}

function walk(node: SchemaNode, value: unknown, path: ReadonlyArray<string | number>, options: SiteOptions, sites: FlawSite[]): void {
  const branches = oneOfNodes(options.doc, node);
  if (branches.length > 0) {
    const matching = branches.find((b) => options.spec.validateAt(b.pointer, value).length === 0);
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
