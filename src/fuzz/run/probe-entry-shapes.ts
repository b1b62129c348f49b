import { REFUSAL_STATUSES } from '../../contract/faithful-answers.js';
import { plainRequest, type FuzzContext, type RefusedShapes } from './fuzz-session.js';
import { describedTypeNode, declaredProperties, itemsNode, oneOfNodes, propertyNode, requestBodyNode, type SchemaNode } from '../generate/schema-node.js';

/**
 * The shape key of a body path (find-open-shapes.ts): `actions[1].config.retries` →
 * `actions.config.*`, `parameters[0].list` → `parameters.list`, `resources[0].config.path|array`
 * → `resources.config.path|array`.
 */
export function shapeKey(path: string, hiddenNames: ReadonlySet<string>): string {
  const parts = path.replace(/\[\d+\]/g, '').split('.');
  const last = parts.pop() ?? '';
  return [...parts, last.includes('|') || hiddenNames.has(last) ? last : '*'].join('.');
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
  const sites: ProbeSite[] = [];
  const hiddenOf = (node: SchemaNode) =>
    declaredProperties(node).flatMap((name) => {
      const described = describedTypeNode(node, name);
      return described ? [{ name, described }] : [];
    });
  for (const hidden of hiddenOf(agent)) sites.push({ list: '', inConfig: false, hidden });
  const formsOf = (node: SchemaNode) =>
    declaredProperties(node).flatMap((name) => {
      const branches = oneOfNodes(doc, propertyNode(doc, node, name)!);
      return branches.length > 1 ? [{ name, branches }] : [];
    });
  for (const list of ['actions', 'parameters', 'resources']) {
    const entry = itemsNode(doc, propertyNode(doc, agent, list)!)!;
    const config = propertyNode(doc, entry, 'config')!;
    sites.push({ list, inConfig: false }, { list, inConfig: true });
    for (const hidden of hiddenOf(entry)) sites.push({ list, inConfig: false, hidden });
    for (const hidden of hiddenOf(config)) sites.push({ list, inConfig: true, hidden });
    for (const forms of formsOf(entry)) sites.push({ list, inConfig: false, forms });
    for (const forms of formsOf(config)) sites.push({ list, inConfig: true, forms });
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

function probeAgent(id: string, site: ProbeSite, value: unknown, name: string): Record<string, unknown> {
  const agent: Record<string, unknown> = { id };
  if (site.list === '') return { ...agent, [name]: value };
  const entry = structuredClone(MINIMAL_ENTRIES[site.list]!);
  if (site.inConfig) (entry['config'] as Record<string, unknown>)[name] = value;
  else entry[name] = value;
  return { ...agent, [site.list]: [entry] };
}

/**
 * Before the run: creates a minimal agent (it must be taken), then one agent per open shape, and
 * deletes each again. A refused shape is one the target may refuse during the run; any other it
 * must store as sent, like the model. Ids carry the run prefix.
 */
export async function probeEntryShapes(context: FuzzContext): Promise<RefusedShapes> {
  let n = 0;
  const attempt = async (body: Record<string, unknown>): Promise<'taken' | 'refused' | 'unclear'> => {
    const id = body['id'] as string;
    const created = await context.sender.send(plainRequest(context, 'POST', 'agent', id, body).target);
    if (!created.ok) return 'unclear';
    if (created.answer.status === 201) {
      await context.sender.send(plainRequest(context, 'DELETE', 'agent', id).target);
      return 'taken';
    }
    return REFUSAL_STATUSES.includes(created.answer.status) ? 'refused' : 'unclear';
  };
  const next = () => `${context.runPrefix}shape-${++n}`;
  if ((await attempt({ id: next(), ...Object.fromEntries(Object.entries(MINIMAL_ENTRIES).map(([list, entry]) => [list, [entry]])) })) !== 'taken')
    return undefined;
  const refused = new Set<string>();
  const hiddenNames = hiddenNamesOf(context);
  // Each probe is one shape and one agent of its own: they go out together (the sender keeps a few in flight).
  const probes: Array<[string, Record<string, unknown>]> = [];
  for (const site of probeSites(context)) {
    const pathTo = (name: string) => [site.list, site.inConfig ? 'config' : undefined, name].filter(Boolean).join('.');
    const key = shapeKey(pathTo(site.hidden?.name ?? 'fz_probe_field'), hiddenNames);
    if (site.forms) {
      for (const branch of site.forms.branches)
        probes.push([`${pathTo(site.forms.name)}|${String(branch.schema['type'])}`, probeAgent(next(), site, describedValue(branch), site.forms.name)]);
    } else if (!site.hidden) probes.push([key, probeAgent(next(), site, 'probe', 'fz_probe_field')]);
    else {
      probes.push([key, probeAgent(next(), site, describedValue(site.hidden.described), site.hidden.name)]);
      if (site.hidden.described.schema['type'] !== undefined) probes.push([`${key}!type`, probeAgent(next(), site, 1.5, site.hidden.name)]);
    }
  }
  const outcomes = await Promise.all(probes.map(async ([shape, body]) => [shape, await attempt(body)] as const));
  if (outcomes.some(([, outcome]) => outcome === 'unclear')) return undefined;
  for (const [shape, outcome] of outcomes) if (outcome === 'refused') refused.add(shape);
  return refused;
}
