import { INDEX_DEFINITIONS, indexNameOf, loadOpenApiDocument, type ClientIndexKey, type OpenApiDocument } from '../../src/server/core/index.js';
import { formatPath, listFlawSites } from '../../src/contract/spec/flaw-sites.js';
import {
  componentSchema,
  declaredProperties,
  describedTypeNode,
  isExtensionProperty,
  itemsNode,
  oneOfNodes,
  propertyNode,
  type SchemaNode,
} from '../../src/contract/spec/schema-node.js';
import { specValidator } from './check-outcome.js';
import { isObject } from './contains-sent.js';
import { sampleRecord, type JsonRecord } from './sample-records.js';
import { withValueAt } from './value-at-path.js';

/**
 * Every field whose JSON type the description states (§2.2, §2.3: String, List(String), Boolean,
 * an enumeration, an entry object, a config object), found by walking the spec's create schema of
 * an index over a record that holds every declared field — never a hand-copied list — with the
 * values of another JSON type that field must refuse.
 */
export interface TypedField {
  /** Field names and list positions from the record's root, e.g. ['actions', 0, 'config', 'cmd']. */
  path: ReadonlyArray<string | number>;
  /** `actions[0].config.cmd` */
  label: string;
  /** Values of other JSON types than the field's, each of which the schema refuses. */
  wrongValues: readonly unknown[];
  /** A field whose name the description hides (faithful-answers hidden-name-fields): typed only by a target that uses the name. */
  hiddenName: boolean;
}

let doc: OpenApiDocument | undefined;
const spec = (): OpenApiDocument => (doc ??= loadOpenApiDocument());

/** The create schema of an index (EventInput, NetworkLinkTypeInput, AgentInput). */
export function createSchemaOf(index: ClientIndexKey): SchemaNode {
  const definition = INDEX_DEFINITIONS.find((d) => d.name === indexNameOf(index))!;
  return componentSchema(spec(), definition.inputSchema);
}

/** What a sample holds: hidden-name fields, and fields of more than one shape (`oneOf`). */
export interface SampleOptions {
  hiddenNames: boolean;
  /**
   * faithful-answers resource-config-path: a field of more than one shape is one a faithful target
   * may take in one shape only (a single string, or a list). False leaves such fields out, for a
   * record every faithful target must take; true (default) fills them with the list branch.
   */
  openShapes?: boolean;
}

/** A plain valid value of a schema: its first enum value, a list as the list branch, one item in a list. */
function plainValue(node: SchemaNode, options: SampleOptions): unknown {
  const { schema } = node;
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  const branches = oneOfNodes(spec(), node);
  if (branches.length > 0)
    return options.openShapes === false ? undefined : plainValue(branches.find((b) => b.schema['type'] === 'array') ?? branches[0]!, options);
  switch (schema['type']) {
    case 'string':
      return 'text';
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return 1;
    case 'array': {
      const items = itemsNode(spec(), node);
      return items && items.schema['type'] !== 'object' ? [plainValue(items, options)] : undefined;
    }
    case 'object':
      return withEveryDeclaredField(node, {}, { ...options, hiddenNames: true });
    default:
      return 'any value';
  }
}

/**
 * `value` with every field its schema declares (extensions and the top-level id aside) filled
 * with a plain value where it is missing, at every depth; hidden-name fields only when asked.
 */
export function withEveryDeclaredField(node: SchemaNode, value: unknown, options: SampleOptions, top = true): unknown {
  if (Array.isArray(value)) {
    const items = itemsNode(spec(), node);
    return items ? value.map((item) => withEveryDeclaredField(items, item, options, false)) : value;
  }
  if (!isObject(value) || node.schema['type'] !== 'object') return value;
  const out: JsonRecord = { ...value };
  for (const name of declaredProperties(node)) {
    if ((top && name === 'id') || isExtensionProperty(spec(), node, name)) continue;
    const described = describedTypeNode(node, name);
    if (described && !options.hiddenNames) continue;
    const child = described ?? propertyNode(spec(), node, name)!;
    if (!(name in out)) {
      const plain = plainValue(child, options);
      if (plain !== undefined) out[name] = plain;
    } else if (!described) out[name] = withEveryDeclaredField(child, out[name], options, false);
  }
  return out;
}

/** A sample record of the index holding every declared field (hidden-name ones only when asked). */
export function fullSample(index: ClientIndexKey, options: SampleOptions): JsonRecord {
  return withEveryDeclaredField(createSchemaOf(index), sampleRecord(index), options) as JsonRecord;
}

function jsonTypeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return value === null ? 'null' : typeof value;
}

/** The JSON types a schema allows: its `type`, or its `oneOf` branches' types. */
function allowedTypes(node: SchemaNode): Set<string> {
  const branches = oneOfNodes(spec(), node);
  const types = branches.length > 0 ? branches.map((b) => b.schema['type']) : [node.schema['type']];
  const allowed = new Set(types.flat().filter((t): t is string => typeof t === 'string'));
  if (allowed.has('number')) allowed.add('integer');
  return allowed;
}

// Another JSON type, never null (NOT_ASKED null-as-wrong-type), and no 0 or 1 a lenient decoder
// reads as a boolean. A list of numbers is tried where a list of strings goes.
const CANDIDATES: readonly unknown[] = [5, ['text'], 'text', { key: 'value' }, true];

function wrongValuesFor(node: SchemaNode): unknown[] {
  const allowed = allowedTypes(node);
  if (allowed.size === 0) return [];
  const refused = (c: unknown) => !specValidator().accepts(node.pointer, c);
  const picked = CANDIDATES.filter((c) => !allowed.has(jsonTypeOf(c)) && refused(c)).slice(0, 2);
  const items = allowed.has('array') ? (oneOfNodes(spec(), node).find((b) => b.schema['type'] === 'array') ?? node) : undefined;
  const itemNode = items ? itemsNode(spec(), items) : undefined;
  if (itemNode?.schema['type'] === 'string' && refused([5])) picked.push([5]);
  return picked;
}

/**
 * Every typed field of a sample record of the index holding every declared field (hidden-name
 * ones included), once per field: the first entry of each agent list stands for all of them.
 */
export function typedFields(index: ClientIndexKey): TypedField[] {
  const node = createSchemaOf(index);
  const record = fullSample(index, { hiddenNames: true });
  const sites = listFlawSites(node, record, { doc: spec(), spec: specValidator(), allowMissing: false, keepTopLevel: ['id'] }).filter(
    (s) => s.kind === 'wrong-type',
  );
  const seen = new Set<string>();
  const fields: TypedField[] = [];
  for (const site of sites) {
    const shape = site.path.map((p) => (typeof p === 'number' ? '*' : p)).join('.');
    if (seen.has(shape) || site.path.some((p) => typeof p === 'number' && p !== 0)) continue;
    seen.add(shape);
    const wrongValues = wrongValuesFor(site.node);
    if (wrongValues.length > 0) fields.push({ path: site.path, label: formatPath(site.path), wrongValues, hiddenName: site.hiddenName === true });
  }
  return fields;
}

/**
 * The update body (§4.1 update, rule 5) that sets one field of a stored record: a top-level field
 * alone; inside an agent entry, the entry addressed by its id with that field only — a config
 * sent whole, since merging and replacing a sent object are both faithful (NOT_ASKED object-in-update).
 */
export function updateSetting(stored: JsonRecord, path: ReadonlyArray<string | number>, value: unknown): JsonRecord {
  const [top, position, field, ...rest] = path;
  if (typeof top !== 'string') throw new Error(`no field at ${formatPath(path)}`);
  if (position === undefined) return { [top]: value };
  const entry = (stored[top] as JsonRecord[])[position as number]!;
  const patch: JsonRecord = { id: entry['id'] };
  if (typeof field !== 'string') throw new Error(`no entry field at ${formatPath(path)}`);
  patch[field] = rest.length === 0 ? value : withValueAt(entry[field] as JsonRecord, rest, value);
  return { [top]: [patch] };
}
