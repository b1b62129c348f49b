import { Given, Then, When } from '@cucumber/cucumber';
import { createAt } from './create.steps.js';
import type { PathForm } from './parameter-types.js';
import { OPEN_SPELLINGS, TAKEN_OR_REFUSED_STATUSES } from '../src/contract/faithful-answers.js';
import { checkRefusalBody } from './support/envelope-items.js';
import { indexClient } from './support/call-outcome.js';
import { checkAbsent, checkStoredAsSent } from './support/stored-as-sent.js';
import { attemptCreate, probeWhenRefused, type SetupProblem } from './support/establish.js';
import { judgeStatus } from './support/judge-status.js';
import type { ActionProfileName } from './support/action-profiles.js';
import { sampleAgent, sampleAgentWithNestedExtras, type AgentList, type JsonRecord } from './support/sample-records.js';
import type { KitWorld } from './world.js';

type Entry = Record<string, unknown> & { config: Record<string, unknown> };

const listOf = (agent: JsonRecord, list: AgentList) => agent[list] as Entry[];
const words = (list: string) => list.split(',').map((word) => word.trim());

// An agent is created under a spare id on {base}, and remembered: the scenario says whether it must exist.
const createAgent = (world: KitWorld, fields: JsonRecord) => createAt(world, 'agents', 'base', fields);

/**
 * An agent that varies one thing of the plain sample (the values of an enumeration, …), the
 * scenario's action: a refusal is judged as the variant's only when the target takes the plain
 * sample (probeWhenRefused).
 */
async function createAgentVariant(world: KitWorld, profile: ActionProfileName, fields: JsonRecord): Promise<void> {
  world.act(profile);
  await createAgent(world, fields);
  await probeWhenRefused(world, 'agents', world.response());
}

/** The enumerations of §2.3 and §3, and where each sits in an agent. */
const ENUMS = {
  'action status': { list: 'actions', field: 'status', inConfig: false },
  'parameter type': { list: 'parameters', field: 'type', inConfig: false },
  'parameter config schema': { list: 'parameters', field: 'schema', inConfig: true },
} as const;
type EnumName = keyof typeof ENUMS;

/** The first entry of the enum's list with the enum set to `value`. */
function entryWithEnum(agent: JsonRecord, name: EnumName, value: string): Entry {
  const { list, field, inConfig } = ENUMS[name];
  const first = listOf(agent, list)[0]!;
  return inConfig ? { ...first, config: { ...first.config, [field]: value } } : { ...first, [field]: value };
}

// In the regular expressions below, the `{base}`/`{base}/{id}` group has the source of the {path}
// parameter type, so cucumber hands the step its transformed value ('base' | 'record').

// §4.1 rule 4: nested required fields (Action.config, Parameter.type/config, Resource.config,
// ActionConfig.cmd, ParameterConfig.schema). The first entry of the list lacks the field.
function agentLacking(entry: string, field: string): JsonRecord {
  const agent = sampleAgent();
  const [kind, part] = entry.split(' ') as [string, string | undefined];
  const first = listOf(agent, `${kind}s` as AgentList)[0]!;
  delete (part === 'config' ? first.config : first)[field];
  return agent;
}

When(
  /^I create an agent with a new id whose (parameter|action|resource|action config|parameter config) lacks "([^"]+)"$/,
  async function (this: KitWorld, entry: string, field: string) {
    await createAgent(this, agentLacking(entry, field));
  },
);

When(
  /^I create an agent at (\{base\}\/\{id\}|\{base\}) with a new id whose (parameter|action|resource|action config|parameter config) lacks "([^"]+)"$/,
  async function (this: KitWorld, path: PathForm, entry: string, field: string) {
    await createAt(this, 'agents', path, agentLacking(entry, field));
  },
);

// §2.3 / §3: every listed enum value must be accepted.
When('I create an agent with a new id and one action in each status {string}', async function (this: KitWorld, list: string) {
  const actions = words(list).map((status) => ({ id: `when-${status}`, config: { cmd: `agent ${status}` }, status }));
  await createAgentVariant(this, 'action-statuses', { ...sampleAgent(), actions });
});

When('I create an agent with a new id and one parameter of each type {string}', async function (this: KitWorld, list: string) {
  // Each parameter varies its type alone: its config is the plain sample's first (every target takes it).
  const parameters = words(list).map((type) => ({ id: `as-${type}`, type, config: { schema: 'yaml', source: '/etc/agent.yml', path: ['period'] } }));
  await createAgentVariant(this, 'parameter-types', { ...sampleAgent(), parameters });
});

When('I create an agent with a new id and one parameter with each config schema {string}', async function (this: KitWorld, list: string) {
  const parameters = words(list).map((schema) => ({ id: `in-${schema}`, type: 'string', config: { schema } }));
  await createAgentVariant(this, 'config-schemas', { ...sampleAgent(), parameters });
});

// §2.3 ParameterConfig: the field table spells the value "propeties", the preloaded data
// uses "properties"; an implementation must take at least one of them (faithful-answers
// config-schema-spelling, whose spellings the scenario must name).
When(
  'I create an agent with a new id and one parameter with config schema {string} or else {string}',
  async function (this: KitWorld, first: string, second: string) {
    const spellings = OPEN_SPELLINGS['parameters.config.schema'] ?? [];
    if (![first, second].every((s) => spellings.includes(s))) throw new Error(`"${first}" or "${second}": the spellings are ${spellings.join(', ')}`);
    const withSchema = (schema: string) => ({ ...sampleAgent(), parameters: [{ id: 'props', type: 'string', config: { schema } }] });
    this.act('config-schemas');
    await createAgent(this, withSchema(first));
    if (!taken(this)) await createAgentVariant(this, 'config-schemas', withSchema(second));
  },
);

const taken = (world: KitWorld) => world.response().status >= 200 && world.response().status < 300;

/**
 * §2.3 ResourceConfig: List(String) in the field table, a single string in the create shape;
 * an implementation may take either. Creates the agent with a list, or else with one string.
 */
const withResourcePath = (path: unknown) => ({ ...sampleAgent(), resources: [{ id: 'log', config: { path } }] });
const RESOURCE_PATHS: readonly unknown[] = [['/var/log/agent.log', '/var/log/agent.err'], '/var/log/agent.log'];

When('I create an agent with a new id whose resource config path is a list of strings or else one string', async function (this: KitWorld) {
  this.act('resource-path');
  await createAgent(this, withResourcePath(RESOURCE_PATHS[0]));
  if (!taken(this)) await createAgentVariant(this, 'resource-path', withResourcePath(RESOURCE_PATHS[1]));
});

// A Given: either shape the target takes (a success, read back); neither blocks the scenario.
Given('an agent with a new id and a path in its resource config exists', async function (this: KitWorld) {
  let problem: SetupProblem | undefined;
  for (const path of RESOURCE_PATHS) {
    const id = this.newId('agents');
    const sent = { id, ...withResourcePath(path) };
    const record = this.remember('agents', id, sent);
    problem = await attemptCreate(this, 'agents', id, (c) => indexClient(c, 'agents').create({ body: sent }), `the agent ${id} the scenario needs`);
    record.made = problem === undefined;
    if (!problem) return;
    this.records.get('agents')?.pop();
  }
  if (problem) this.block(problem.id, problem.details);
});

// §2.3 / §3: a value outside an enumeration, or differing from one only in letter case.
When(
  /^I create an agent at (\{base\}\/\{id\}|\{base\}) with a new id whose (action status|parameter type|parameter config schema) is "([^"]*)"$/,
  async function (this: KitWorld, path: PathForm, name: EnumName, value: string) {
    const agent = sampleAgent();
    const list = ENUMS[name].list;
    agent[list] = [entryWithEnum(agent, name, value), ...listOf(agent, list).slice(1)];
    this.act('enum-refused');
    await createAt(this, 'agents', path, agent);
  },
);

// §4.1 rule 5: the entry is addressed by its id; the update sets the enum of an existing entry.
When(
  /^I update the agent at (\{base\}\/\{id\}|\{base\}) setting its (action status|parameter type|parameter config schema) to "([^"]*)"$/,
  async function (this: KitWorld, path: PathForm, name: EnumName, value: string) {
    const record = this.latest('agents');
    const body = { id: record.id, [ENUMS[name].list]: [entryWithEnum(record.sent, name, value)] };
    this.act('enum-refused');
    await this.call((c) => indexClient(c, 'agents').update({ id: path === 'record' ? record.id : undefined, body }));
  },
);

// Nested extras: kept as sent, or refused with nothing stored (§2 rule 4 is explicit only for
// events and network link types); silently dropping them fails either way.
When(
  /^I create an agent with a new id and extra fields inside its (actions|parameters|resources) and their configs$/,
  async function (this: KitWorld, list: AgentList) {
    this.act('entry-extras');
    await createAgent(this, sampleAgentWithNestedExtras(list));
    await probeWhenRefused(this, 'agents', this.response());
  },
);

Then('the response is 201 and the agent can be read by its id as sent, or a refusal and no agent exists under that id', async function (this: KitWorld) {
  const { outcome, ok } = judgeStatus(this, TAKEN_OR_REFUSED_STATUSES);
  if (!ok) return;
  const record = this.latest('agents');
  if (outcome.status !== 201) {
    checkRefusalBody(this, outcome);
    await checkAbsent(this, 'agents', record.id);
    return;
  }
  // Dropped extra fields show as a mismatch.
  await checkStoredAsSent(this, record);
});

/** For each list, a field of its first entry and a new value for it. */
const ENTRY_CHANGES: Record<AgentList, [string, string]> = {
  actions: ['status', 'unknown'],
  parameters: ['type', 'integer'],
  resources: ['description', 'The file that is shipped, renamed'],
};

// §4.1 rule 5: entries are addressed by id, so an entry update may carry only the field it
// changes; the entry's other fields (the required config among them) stay as they were.
When(
  /^I update the agent sending only a changed field of the first entry of its (actions|parameters|resources)$/,
  async function (this: KitWorld, list: AgentList) {
    const record = this.latest('agents');
    const entries = listOf(record.sent, list);
    const first = entries[0]!;
    const [field, value] = ENTRY_CHANGES[list];
    record.sent = { ...record.sent, [list]: entries.map((e) => (e === first ? { ...e, [field]: value } : e)) };
    const body = { id: record.id, [list]: [{ id: first['id'], [field]: value }] };
    this.act('entry-update');
    await this.call((c) => indexClient(c, 'agents').update({ id: record.id, body }));
  },
);

// §4.1 rule 5: one request changes an existing parameter's type and adds an action; entries
// are addressed by id, so every entry not sent is kept.
When(
  'I update the agent changing the type of parameter {string} to {string} and adding the action {string}',
  async function (this: KitWorld, parameterId: string, type: string, actionId: string) {
    const record = this.latest('agents');
    const parameters = listOf(record.sent, 'parameters');
    const parameter = parameters.find((p) => p['id'] === parameterId);
    if (!parameter) throw new Error(`the agent has no parameter ${parameterId}`);
    const changed = { ...parameter, type };
    const action = { id: actionId, config: { cmd: `agent ${actionId}` }, status: 'unknown' };
    const body = { id: record.id, parameters: [changed], actions: [action] };
    this.act('entry-update');
    record.sent = {
      ...record.sent,
      parameters: parameters.map((p) => (p['id'] === parameterId ? changed : p)),
      actions: [...listOf(record.sent, 'actions'), action],
    };
    await this.call((c) => indexClient(c, 'agents').update({ id: record.id, body }));
  },
);
