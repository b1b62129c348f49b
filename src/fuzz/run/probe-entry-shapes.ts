import { recordBodyNode } from '../generate/wire-request.js';
import { OPEN_SPELLINGS, REFUSAL_STATUSES } from '../../contract/faithful-answers.js';
import type { OpenApiDocument } from '../../server/core/index.js';
import { exchange, failureOf, plainRequest, type Exchange, type ExchangeLog, type FuzzContext, type FuzzFailure, type RefusedShapes } from './fuzz-session.js';
import { declaredProperties, describedTypeNode, itemsNode, oneOfNodes, propertyNode, type SchemaNode } from '../../contract/spec/schema-node.js';
import { plainObject, plainValue, type PlainFill } from '../generate/minimal-record.js';

const LISTS = ['actions', 'parameters', 'resources'] as const;

/** The shape key of a body path (find-open-shapes.ts): `actions[1].config.retries` → `actions.config.*`, `resources[0].config.path|array` → without the index. */
export function shapeKey(path: string, hiddenNames: ReadonlySet<string>): string {
  const parts = path.replace(/\[\d+\]/g, '').split('.');
  const last = parts.pop() ?? '';
  return [...parts, /[|=]/.test(last) || hiddenNames.has(last) ? last : '*'].join('.');
}

/** One open shape of an agent as a probe; `suffix`: `!type` for another type, `|string` a form, `=propeties` a spelling. */
type OpenShape = { path: string; value: unknown; kind: 'extra' | 'hidden' | 'hidden-type' | 'form' | 'spelling'; suffix: string };

/** Every place of an agent whose shape the description leaves open, read from its schema, and each spelling it leaves open. */
function openShapes(doc: OpenApiDocument): OpenShape[] {
  const agent = recordBodyNode(doc, 'agent', 'post');
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
  for (const list of LISTS) {
    const entry = itemsNode(doc, propertyNode(doc, agent, list)!)!;
    visit(entry, list);
    visit(propertyNode(doc, entry, 'config')!, `${list}.config`);
  }
  for (const [field, spellings] of Object.entries(OPEN_SPELLINGS))
    for (const s of spellings) shapes.push({ path: field, value: s, kind: 'spelling', suffix: `=${s}` });
  return shapes;
}

/** The names the spec marks as hidden (x-hidden-name), anywhere in an agent. */
export const hiddenNamesOf = (doc: OpenApiDocument): Set<string> =>
  new Set(openShapes(doc).flatMap((s) => (s.kind === 'hidden' ? [s.path.split('.').at(-1)!] : [])));

/** The agents the probes start from, in turn until one is taken: a store may require what the description leaves optional (the public original: a resource path). */
const BASE_FILLS: readonly PlainFill[] = [
  { every: false, form: 0 },
  { every: true, form: 0 },
  { every: true, form: 1 },
];

/** `base` with `value` at `path`: a top-level field, or one of the first entry of a list (`actions.x`) or of its config (`actions.config.x`). */
function withValue(base: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const agent = structuredClone(base);
  const [list, ...rest] = path.split('.') as [string, ...string[]];
  const name = rest.pop();
  if (name === undefined) return { ...agent, [list]: value };
  const entry = (agent[list] as Array<Record<string, unknown>>)[0]!;
  (rest.length > 0 ? (entry['config'] as Record<string, unknown>) : entry)[name] = value;
  return agent;
}

export type ShapeProbe = { refused: RefusedShapes; failures: FuzzFailure[] };

/**
 * Before the run: a plain agent (the first of {@link BASE_FILLS} the target takes), then one agent per open shape, each deleted again. A refused shape the
 * target may refuse during the run; any other it must store as sent. Of a field's forms or spellings at least one must be taken (`shape-taken`).
 */
export async function probeEntryShapes(context: FuzzContext): Promise<ShapeProbe> {
  const log: ExchangeLog = { context, exchanges: [] };
  let n = 0;
  const attempt = async (body: Record<string, unknown>): Promise<{ outcome: 'taken' | 'refused' | 'unclear'; exchange: Exchange }> => {
    const id = `${context.runPrefix}shape-${++n}`;
    const request = plainRequest(context, 'POST', 'agent', id, body).target;
    const result = await exchange(log, 'probe', `create agent ${id}`, request);
    const entry = log.exchanges.find((e) => e.request === request)!;
    if (!result.ok) return { outcome: 'unclear', exchange: entry };
    if (result.answer.status >= 300) return { outcome: REFUSAL_STATUSES.includes(result.answer.status) ? 'refused' : 'unclear', exchange: entry };
    await exchange(log, 'probe', `delete agent ${id}`, plainRequest(context, 'DELETE', 'agent', id).target);
    return { outcome: 'taken', exchange: entry };
  };
  const agent = recordBodyNode(context.doc, 'agent', 'post');
  let base: Record<string, unknown> | undefined;
  for (const fill of BASE_FILLS) {
    const candidate = Object.fromEntries(
      LISTS.map((list) => [list, [plainObject(context.doc, itemsNode(context.doc, propertyNode(context.doc, agent, list)!)!, fill)]]),
    );
    if ((await attempt(candidate)).outcome === 'taken') {
      base = candidate;
      break;
    }
  }
  if (!base) return { refused: undefined, failures: [] };
  const hidden = hiddenNamesOf(context.doc);
  // Each probe is one shape and one agent of its own: they go out together (the sender keeps a few in flight).
  const probes = openShapes(context.doc).map((s) => ({
    shape: s.kind === 'form' || s.kind === 'spelling' ? `${s.path}${s.suffix}` : `${shapeKey(s.path, hidden)}${s.suffix}`,
    field: s.kind === 'form' || s.kind === 'spelling' ? s.path : undefined,
    body: withValue(base, s.path, s.value),
  }));
  const outcomes = await Promise.all(probes.map(async (probe) => ({ ...probe, ...(await attempt(probe.body)) })));
  if (outcomes.some((o) => o.outcome === 'unclear')) return { refused: undefined, failures: [] };
  const refused = new Set(outcomes.filter((o) => o.outcome === 'refused').map((o) => o.shape));
  const failures = [...new Set(outcomes.flatMap((o) => (o.field ? [o.field] : [])))].flatMap((field) => {
    const tried = outcomes.filter((o) => o.field === field);
    if (tried.some((o) => o.outcome === 'taken')) return [];
    const values = tried.map((o) => o.shape.slice(field.length + 1));
    const problem = { check: 'shape-taken' as const, observed: field, expected: `one of ${values.join(', ')} taken (§2.3)`, actual: 'a refusal of each' };
    const exchanges = tried.map((o) => o.exchange);
    return [failureOf('createAgentById', problem, `create an agent whose ${field} is ${values.join(', or else ')}`, exchanges)];
  });
  return { refused, failures };
}
