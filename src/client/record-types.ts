// The spec's schemas by their names (`Event` rather than `components['schemas']['Event']`), as aliases, never copies:
// spec/openapi.yaml describes each, docs/typed-client.md lists them, and `npm run generate` carries a change to them.
import type { components } from '../generated/openapi.js';

type Schemas = components['schemas'];

export type Event = Schemas['Event'];
export type EventInput = Schemas['EventInput'];
export type EventUpdate = Schemas['EventUpdate'];
export type EventSelection = Schemas['EventSelection'];
export type NetworkLinkType = Schemas['NetworkLinkType'];
export type NetworkLinkTypeInput = Schemas['NetworkLinkTypeInput'];
export type NetworkLinkTypeUpdate = Schemas['NetworkLinkTypeUpdate'];
export type NetworkLinkTypeSelection = Schemas['NetworkLinkTypeSelection'];
export type Agent = Schemas['Agent'];
export type AgentInput = Schemas['AgentInput'];
export type AgentUpdate = Schemas['AgentUpdate'];
export type AgentSelection = Schemas['AgentSelection'];
export type Action = Schemas['Action'];
export type Parameter = Schemas['Parameter'];
export type Resource = Schemas['Resource'];
export type Where = Schemas['Where'];
export type Query = Schemas['Query'];
export type EnvelopeItem = Schemas['EnvelopeItem'];
export type Envelope = Schemas['Envelope'];
