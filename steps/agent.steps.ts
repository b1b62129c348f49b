import { Given, Then, When } from '@cucumber/cucumber';
import { createAt } from './create.steps.js';
import type { PathForm } from './parameter-types.js';
import { OPEN_SPELLINGS, REFUSAL_STATUSES, TAKEN_OR_REFUSED_STATUSES } from '../src/contract/faithful-answers.js';
import { findSentMismatch } from './support/contains-sent.js';
import { assertRefusalBody } from './support/envelope-items.js';
import { expectThat, indexClient } from './support/call-outcome.js';
import { readStored } from './support/stored-as-sent.js';
import { sampleAgent, sampleAgentWithNestedExtras, type AgentList, type JsonRecord } from './support/sample-records.js';
import type { KitWorld } from './world.js';

type Entry = Record<string, unknown> & { config: Record<string, unknown> };

const listOf = (agent: JsonRecord, list: AgentList) => agent[list] as Entry[];
const words = (list: string) => list.split(',').map((word) => word.trim());

// An agent is created under a spare id on {base}, and remembered: the scenario says whether it must exist.
const createAgent = (world: KitWorld, fields: JsonRecord) => createAt(world, 'agents', 'base', fields);

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
  await createAgent(this, { ...sampleAgent(), actions });
});

When('I create an agent with a new id and one parameter of each type {string}', async function (this: KitWorld, list: string) {
  const parameters = words(list).map((type) => ({ id: `as-${type}`, type, config: { schema: 'yaml', source: '/etc/agent.yml' } }));
  await createAgent(this, { ...sampleAgent(), parameters });
});

When('I create an agent with a new id and one parameter with each config schema {string}', async function (this: KitWorld, list: string) {
  const parameters = words(list).map((schema) => ({ id: `in-${schema}`, type: 'string', config: { schema } }));
  await createAgent(this, { ...sampleAgent(), parameters });
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
    await createAgent(this, withSchema(first));
    if (this.response().status !== 201) await createAgent(this, withSchema(second));
  },
);

/**
 * §2.3 ResourceConfig: List(String) in the field table, a single string in the create shape;
 * an implementation may take either. Creates the agent with a list, or else with one string, and
 * answers the status of the last create.
 */
async function createAgentWithResourcePath(world: KitWorld): Promise<number> {
  const withPath = (path: unknown) => ({ ...sampleAgent(), resources: [{ id: 'log', config: { path } }] });
  await createAgent(world, withPath(['/var/log/agent.log', '/var/log/agent.err']));
  if (world.response().status !== 201) await createAgent(world, withPath('/var/log/agent.log'));
  return world.response().status;
}

When('I create an agent with a new id whose resource config path is a list of strings or else one string', async function (this: KitWorld) {
  await createAgentWithResourcePath(this);
});

Given('an agent with a new id and a path in its resource config exists', async function (this: KitWorld) {
  const status = await createAgentWithResourcePath(this);
  if (status !== 201) throw new Error(`could not create the agent the scenario needs: ${this.lastResponse?.rawBody}`);
});

// §2.3 / §3: a value outside an enumeration, or differing from one only in letter case.
When(
  /^I create an agent at (\{base\}\/\{id\}|\{base\}) with a new id whose (action status|parameter type|parameter config schema) is "([^"]*)"$/,
  async function (this: KitWorld, path: PathForm, name: EnumName, value: string) {
    const agent = sampleAgent();
    const list = ENUMS[name].list;
    agent[list] = [entryWithEnum(agent, name, value), ...listOf(agent, list).slice(1)];
    await createAt(this, 'agents', path, agent);
  },
);

// §4.1 rule 5: the entry is addressed by its id; the update sets the enum of an existing entry.
When(
  /^I update the agent at (\{base\}\/\{id\}|\{base\}) setting its (action status|parameter type|parameter config schema) to "([^"]*)"$/,
  async function (this: KitWorld, path: PathForm, name: EnumName, value: string) {
    const record = this.latest('agents');
    const body = { id: record.id, [ENUMS[name].list]: [entryWithEnum(record.sent, name, value)] };
    await this.call((c) => indexClient(c, 'agents').update({ id: path === 'record' ? record.id : undefined, body }));
  },
);

// Nested extras: kept as sent, or refused with nothing stored (§2 rule 4 is explicit only for
// events and network link types); silently dropping them fails either way.
When(
  /^I create an agent with a new id and extra fields inside its (actions|parameters|resources) and their configs$/,
  async function (this: KitWorld, list: AgentList) {
    await createAgent(this, sampleAgentWithNestedExtras(list));
  },
);

Then('the response is 201 and the agent can be read by its id as sent, or a refusal and no agent exists under that id', async function (this: KitWorld) {
  const outcome = this.response();
  const record = this.latest('agents');
  expectThat(
    TAKEN_OR_REFUSED_STATUSES.includes(outcome.status),
    `${outcome.operation} answered ${outcome.status}, expected 201 or a refusal (${REFUSAL_STATUSES.join(', ')}): ${outcome.rawBody.slice(0, 300)}`,
  );
  const stored = await readStored(this, 'agents', record.id);
  if (outcome.status !== 201) {
    assertRefusalBody(outcome);
    expectThat(stored === undefined, `the agent ${record.id} was refused (${outcome.status}) but stored: ${JSON.stringify(stored)}`);
    return;
  }
  expectThat(stored, `no agent can be read under ${record.id}`);
  const mismatch = findSentMismatch(stored, record.sent);
  expectThat(mismatch === undefined, `agent ${record.id} differs from what was sent at ${mismatch} (extra fields dropped?)`);
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
    record.sent = {
      ...record.sent,
      parameters: parameters.map((p) => (p['id'] === parameterId ? changed : p)),
      actions: [...listOf(record.sent, 'actions'), action],
    };
    await this.call((c) => indexClient(c, 'agents').update({ id: record.id, body }));
  },
);
