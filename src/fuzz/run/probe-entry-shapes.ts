import { OPEN_SPELLINGS, REFUSAL_STATUSES } from '../../contract/faithful-answers.js';
import { failureOf, plainRequest, type Exchange, type FuzzContext, type FuzzFailure, type RefusedShapes } from './fuzz-session.js';
import { describedTypeNode, declaredProperties, itemsNode, oneOfNodes, propertyNode, requestBodyNode, type SchemaNode } from '../../spec/schema-node.js';

/**
 * The shape key of a body path (find-open-shapes.ts): `actions[1].config.retries` → `actions.config.*`, `parameters[0].list` → `parameters.list`,
 * `resources[0].config.path|array` → `resources.config.path|array`, `parameters[0].config.schema=propeties` → the same without the index.
 */
export function shapeKey(path: string, hiddenNames: ReadonlySet<string>): string {
  const parts = path.replace(/\[\d+\]/g, '').split('.');
  const last = parts.pop() ?? '';
  return [...parts, /[|=]/.test(last) || hiddenNames.has(last) ? last : '*'].join('.');
}

/** The names the spec marks as hidden (x-hidden-name), anywhere in an agent. */
export function hiddenNamesOf(context: Pick<FuzzContext, 'doc'>): Set<string> {
  return new Set(probeSites(context).flatMap((site) => (site.hidden ? [site.hidden.name] : [])));
}

interface ProbeSite {
  /** Where in the minimal agent: the list, and whether inside the entry's config. */
  list: string;
  inConfig: boolean;
  /** A hidden-name field there, with its described type; undefined for an extra field. */
  hidden?: { name: string; described: SchemaNode } | undefined;
  /** A declared field there whose value may take several forms (`oneOf`), each a probe. */
  forms?: { name: string; branches: SchemaNode[] } | undefined;
}

/** Every place of an agent whose shape the description leaves open, read from the spec's agent schema. */
function probeSites(context: Pick<FuzzContext, 'doc'>): ProbeSite[] {
  const { doc } = context;
  const agent = requestBodyNode(doc, '/catalog/agent/{id}', 'post');
  const hiddenOf = (node: SchemaNode) =>
    declaredProperties(node).flatMap((name) => (describedTypeNode(node, name) ? [{ name, described: describedTypeNode(node, name)! }] : []));
  const formsOf = (node: SchemaNode) =>
    declaredProperties(node).flatMap((name) =>
      oneOfNodes(doc, propertyNode(doc, node, name)!).length > 1 ? [{ name, branches: oneOfNodes(doc, propertyNode(doc, node, name)!) }] : [],
    );
  const sites: ProbeSite[] = hiddenOf(agent).map((hidden) => ({ list: '', inConfig: false, hidden }));
  for (const list of ['actions', 'parameters', 'resources']) {
    const entry = itemsNode(doc, propertyNode(doc, agent, list)!)!;
    const config = propertyNode(doc, entry, 'config')!;
    sites.push({ list, inConfig: false }, { list, inConfig: true });
    for (const [node, inConfig] of [
      [entry, false],
      [config, true],
    ] as const) {
      for (const hidden of hiddenOf(node)) sites.push({ list, inConfig, hidden });
      for (const forms of formsOf(node)) sites.push({ list, inConfig, forms });
    }
  }
  return sites;
}

const MINIMAL_ENTRIES: Record<string, Record<string, unknown>> = {
  actions: { id: 'probe', config: { cmd: 'true' } },
  parameters: { id: 'probe', type: 'string', config: { schema: 'yaml' } },
  resources: { id: 'probe', config: {} },
};

/** A value of a schema's type (the probes' "another type" is 1.5: neither string, list nor boolean). */
function describedValue(described: SchemaNode): unknown {
  const type = described.schema['type'];
  return type === 'boolean' ? true : type === 'array' ? ['probe'] : 'probe';
}

/** A minimal agent with `value` at `path`: a top-level field, or one of an entry (`actions.x`) or of its config (`actions.config.x`). */
function probeAgent(id: string, path: string, value: unknown): Record<string, unknown> {
  const [list, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { id, [list]: value };
  const entry = structuredClone(MINIMAL_ENTRIES[list]!);
  const name = rest.pop()!;
  (rest.length > 0 ? (entry['config'] as Record<string, unknown>) : entry)[name] = value;
  return { id, [list]: [entry] };
}

/** What the probe learnt: the shapes the target refuses (undefined: it could not tell), and a failure per field none of whose spellings or forms was taken. */
export interface ShapeProbe {
  refused: RefusedShapes;
  failures: FuzzFailure[];
}

/**
 * Before the run: creates a minimal agent (it must be taken), then one agent per open shape — an extra or hidden-name field in each entry and config, each
 * form of a value in several forms, each spelling the description leaves open (faithful-answers OPEN_SPELLINGS) — and deletes each again. A refused shape is
 * one the target may refuse during the run; any other it must store as sent, like the model. Of a field's forms or spellings at least one must be taken
 * (`shape-taken`).
 */
export async function probeEntryShapes(context: FuzzContext): Promise<ShapeProbe> {
  let n = 0;
  const next = () => `${context.runPrefix}shape-${++n}`;
  const attempt = async (body: Record<string, unknown>): Promise<{ outcome: 'taken' | 'refused' | 'unclear'; exchange: Exchange }> => {
    const request = plainRequest(context, 'POST', 'agent', body['id'] as string, body).target;
    const result = await context.sender.send(request);
    const exchange: Exchange = { role: 'probe', description: `create agent ${String(body['id'])}`, request, result };
    if (!result.ok) return { outcome: 'unclear', exchange };
    if (result.answer.status !== 201) return { outcome: REFUSAL_STATUSES.includes(result.answer.status) ? 'refused' : 'unclear', exchange };
    await context.sender.send(plainRequest(context, 'DELETE', 'agent', body['id'] as string).target);
    return { outcome: 'taken', exchange };
  };
  const minimal = { id: next(), ...Object.fromEntries(Object.entries(MINIMAL_ENTRIES).map(([list, entry]) => [list, [entry]])) };
  if ((await attempt(minimal)).outcome !== 'taken') return { refused: undefined, failures: [] };
  const hiddenNames = hiddenNamesOf(context);
  // Each probe is one shape and one agent of its own: they go out together (the sender keeps a few in flight). Fields with alternatives are grouped by field.
  const probes: Array<{ shape: string; body: Record<string, unknown>; field?: string }> = [];
  for (const site of probeSites(context)) {
    const pathTo = (name: string) => [site.list, site.inConfig ? 'config' : undefined, name].filter(Boolean).join('.');
    const key = shapeKey(pathTo(site.hidden?.name ?? 'fz_probe_field'), hiddenNames);
    if (site.forms) {
      const field = pathTo(site.forms.name);
      for (const branch of site.forms.branches)
        probes.push({ shape: `${field}|${String(branch.schema['type'])}`, body: probeAgent(next(), field, describedValue(branch)), field });
    } else if (!site.hidden) probes.push({ shape: key, body: probeAgent(next(), pathTo('fz_probe_field'), 'probe') });
    else {
      probes.push({ shape: key, body: probeAgent(next(), pathTo(site.hidden.name), describedValue(site.hidden.described)) });
      if (site.hidden.described.schema['type'] !== undefined) probes.push({ shape: `${key}!type`, body: probeAgent(next(), pathTo(site.hidden.name), 1.5) });
    }
  }
  for (const [field, spellings] of Object.entries(OPEN_SPELLINGS))
    for (const spelling of spellings) probes.push({ shape: `${field}=${spelling}`, body: probeAgent(next(), field, spelling), field });
  const outcomes = await Promise.all(probes.map(async (probe) => ({ ...probe, ...(await attempt(probe.body)) })));
  if (outcomes.some((o) => o.outcome === 'unclear')) return { refused: undefined, failures: [] };
  const refused = new Set(outcomes.filter((o) => o.outcome === 'refused').map((o) => o.shape));
  const failures = [...new Set(outcomes.flatMap((o) => (o.field ? [o.field] : [])))].flatMap((field) => {
    const tried = outcomes.filter((o) => o.field === field);
    if (tried.some((o) => o.outcome === 'taken')) return [];
    const values = tried.map((o) => o.shape.slice(field.length + 1));
    const problem = { check: 'shape-taken' as const, observed: field, expected: `one of ${values.join(', ')} taken (§2.3)`, actual: 'a refusal of each' };
    return [
      failureOf(
        'createAgentById',
        problem,
        `create an agent whose ${field} is ${values.join(', or else ')}`,
        tried.map((o) => o.exchange),
      ),
    ];
  });
  return { refused, failures };
}
