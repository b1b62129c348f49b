import { recordBodyNode } from '../generate/wire-request.js';
import { REFUSAL_STATUSES } from '../../contract/faithful-answers.js';
import { exchange, failureOf, plainRequest, type Exchange, type ExchangeLog, type FuzzContext, type FuzzFailure, type RefusedShapes } from './fuzz-session.js';
import { itemsNode, propertyNode } from '../../contract/spec/schema-node.js';
import { plainObject, type PlainFill } from '../../contract/spec/plain-value.js';
import { AGENT_LISTS, agentOpenShapes, shapeKey } from '../../contract/spec/open-shapes.js';

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
      AGENT_LISTS.map((list) => [list, [plainObject(context.doc, itemsNode(context.doc, propertyNode(context.doc, agent, list)!)!, fill)]]),
    );
    if ((await attempt(candidate)).outcome === 'taken') {
      base = candidate;
      break;
    }
  }
  if (!base) return { refused: undefined, failures: [] };
  const hidden = context.hiddenNames;
  // Each probe is one shape and one agent of its own: they go out together (the sender keeps a few in flight).
  const probes = agentOpenShapes(context.doc, agent).map((s) => ({
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
