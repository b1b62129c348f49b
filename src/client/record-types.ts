// The spec's schemas by their names, as aliases (never copies: `npm run generate` carries a change). Each keeps a
// one-line doc, since an editor shows an alias's own doc on hover, not the schema's.
import type { components } from '../generated/openapi.js';

type Schemas = components['schemas'];

/** A stored event (§2.1): an id and any other field as sent. */
export type Event = Schemas['Event'];
/** An event as a create sends it (its id may be left out: the service generates one). */
export type EventInput = Schemas['EventInput'];
/** The fields an update of an event sets. */
export type EventUpdate = Schemas['EventUpdate'];
/** A stored event, or the fields of one a read selected. */
export type EventSelection = Schemas['EventSelection'];
/** A stored network link type (§2.2). */
export type NetworkLinkType = Schemas['NetworkLinkType'];
/** A network link type as a create sends it: `name` is required. */
export type NetworkLinkTypeInput = Schemas['NetworkLinkTypeInput'];
/** The fields an update of a network link type sets. */
export type NetworkLinkTypeUpdate = Schemas['NetworkLinkTypeUpdate'];
/** A stored network link type, or the fields of one a read selected. */
export type NetworkLinkTypeSelection = Schemas['NetworkLinkTypeSelection'];
/** A stored agent catalog entry (§2.3). */
export type Agent = Schemas['Agent'];
/** An agent catalog entry as a create sends it. */
export type AgentInput = Schemas['AgentInput'];
/** The fields an update of an agent sets; list entries are matched by id (§4.1 rule 5). */
export type AgentUpdate = Schemas['AgentUpdate'];
/** A stored agent, or the fields of one a read selected. */
export type AgentSelection = Schemas['AgentSelection'];
/** An action of an agent. */
export type Action = Schemas['Action'];
/** A parameter of an agent. */
export type Parameter = Schemas['Parameter'];
/** A resource of an agent. */
export type Resource = Schemas['Resource'];
/** The filter of a query: `equals` (§4.1) and the extension operators. */
export type Where = Schemas['Where'];
/** The read/delete query body (§4.1): `select` and `where.equals`. */
export type Query = Schemas['Query'];
/** One item of the response envelope (§4.1). */
export type EnvelopeItem = Schemas['EnvelopeItem'];
/** The response envelope: an array of items. */
export type Envelope = Schemas['Envelope'];
