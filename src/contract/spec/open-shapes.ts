import { OPEN_SPELLINGS } from '../faithful-answers.js';
import { plainValue } from './plain-value.js';
import type { SpecValidator } from './spec-validator.js';
import { formatPath } from './flaw-sites.js';
import { declaredProperties, describedTypeNode, itemsNode, oneOfNodes, propertyNode, type SchemaNode, type SpecDocument } from './schema-node.js';

/** The places of a body whose shape the description leaves an implementation free to refuse. */
export interface OpenShapes {
  /** Fields below the top level their schema does not declare, or hides the name of (nested-extra-fields, hidden-name-fields): `actions[0].config.retries`. */
  extras: string[];
  /** Values below the top level in one of several forms, as `path|type` (resource-config-path): `resources[0].config.path|array`. */
  forms: string[];
  /** Values in a spelling the description leaves open, as `path=value` (config-schema-spelling). */
  spellings: string[];
}

const jsonTypeOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/**
 * @example findOpenShapes(doc, spec, agentInput, { id: 'a', resources: [{ id: 'r', config: { path: '/x' } }], actions: [{ id: 'e1', config: { cmd: 'c' }, x: 1 }] })
 * // → { extras: ['actions[0].x'], forms: ['resources[0].config.path|string'] }
 */
export function findOpenShapes(doc: SpecDocument, spec: SpecValidator, node: SchemaNode, value: unknown): OpenShapes {
  const found: OpenShapes = { extras: [], forms: [], spellings: [] };
  walk(doc, spec, node, value, [], found);
  return found;
}

function walk(doc: SpecDocument, spec: SpecValidator, node: SchemaNode, value: unknown, path: Array<string | number>, found: OpenShapes): void {
  const branches = oneOfNodes(doc, node);
  if (branches.length > 0) {
    const matching = branches.find((b) => spec.accepts(b.pointer, value));
    if (matching && path.length > 1) found.forms.push(`${formatPath(path)}|${jsonTypeOf(value)}`);
    if (matching) walk(doc, spec, matching, value, path, found);
    return;
  }
  const spellings = OPEN_SPELLINGS[path.filter((p) => typeof p === 'string').join('.')];
  if (typeof value === 'string' && spellings?.includes(value)) found.spellings.push(`${formatPath(path)}=${value}`);
  if (Array.isArray(value)) {
    const items = itemsNode(doc, node);
    if (items) for (const [i, item] of value.entries()) walk(doc, spec, items, item, [...path, i], found);
    return;
  }
  if (typeof value !== 'object' || value === null || node.schema['type'] !== 'object') return;
  const declared = declaredProperties(node);
  for (const [name, child] of Object.entries(value)) {
    // A field whose name the description hides is an extra field where it goes by another name.
    if (!declared.includes(name) || describedTypeNode(node, name) !== undefined) {
      if (path.length > 0) found.extras.push(formatPath([...path, name]));
      continue;
    }
    walk(doc, spec, propertyNode(doc, node, name)!, child, [...path, name], found);
  }
}

/** The agent lists of entries (§2.3), each entry with a config object. */
export const AGENT_LISTS = ['actions', 'parameters', 'resources'] as const;

/** The shape key of a body path ({@link findOpenShapes}): `actions[1].config.retries` → `actions.config.*`, `resources[0].config.path|array` → without the index. */
export function shapeKey(path: string, hiddenNames: ReadonlySet<string>): string {
  const parts = path.replace(/\[\d+\]/g, '').split('.');
  const last = parts.pop() ?? '';
  return [...parts, /[|=]/.test(last) || hiddenNames.has(last) ? last : '*'].join('.');
}

/** One open shape of an agent as a probe; `suffix`: `!type` for another type, `|string` a form, `=propeties` a spelling. */
export type OpenShape = { path: string; value: unknown; kind: 'extra' | 'hidden' | 'hidden-type' | 'form' | 'spelling'; suffix: string };

/** Every place of an agent (its create body, `agent`) whose shape the description leaves open, read from its schema, and each spelling it leaves open. */
export function agentOpenShapes(doc: SpecDocument, agent: SchemaNode): OpenShape[] {
  const shapes: OpenShape[] = [];
  const visit = (node: SchemaNode, prefix: string) => {
    const at = (name: string) => (prefix === '' ? name : `${prefix}.${name}`);
    if (prefix !== '') shapes.push({ path: at('fz_probe_field'), value: 'probe', kind: 'extra', suffix: '' });
    for (const name of declaredProperties(node)) {
      const described = describedTypeNode(node, name);
      if (described) shapes.push({ path: at(name), value: plainValue(doc, described, { every: true, form: 0 }), kind: 'hidden', suffix: '' });
      if (described?.schema['type'] !== undefined) shapes.push({ path: at(name), value: 1.5, kind: 'hidden-type', suffix: '!type' });
      const forms = oneOfNodes(doc, propertyNode(doc, node, name)!);
      for (const form of forms.length > 1 ? forms : [])
        shapes.push({ path: at(name), value: plainValue(doc, form, { every: true, form: 0 }), kind: 'form', suffix: `|${String(form.schema['type'])}` });
    }
  };
  visit(agent, '');
  for (const list of AGENT_LISTS) {
    const entry = itemsNode(doc, propertyNode(doc, agent, list)!)!;
    visit(entry, list);
    visit(propertyNode(doc, entry, 'config')!, `${list}.config`);
  }
  for (const [field, spellings] of Object.entries(OPEN_SPELLINGS))
    for (const s of spellings) shapes.push({ path: field, value: s, kind: 'spelling', suffix: `=${s}` });
  return shapes;
}

/** The names the spec marks as hidden (x-hidden-name), anywhere in an agent. */
export const hiddenNamesOf = (doc: SpecDocument, agent: SchemaNode): Set<string> =>
  new Set(agentOpenShapes(doc, agent).flatMap((s) => (s.kind === 'hidden' ? [s.path.split('.').at(-1)!] : [])));
