import { readFeatureScenarios } from '../../src/target/conformance/read-feature-scenarios.js';

/**
 * The dimensions along which a general rule of the service applies (§4.1: "All three
 * indices follow the same operation pattern", `{base}[/{id}]`, the agent's three lists, every
 * enumeration) and the values each takes.
 */
export const DIMENSIONS = {
  index: ['events', 'network link types', 'agents'],
  path: ['{base}', '{base}/{id}'],
  operation: ['create', 'read', 'update', 'delete'],
  list: ['actions', 'parameters', 'resources'],
  enum: ['action status', 'parameter type', 'parameter config schema'],
} as const;
export type Dimension = keyof typeof DIMENSIONS;

/**
 * One scenario (an outline expanded) with the values it states for each dimension it names: one
 * value, except the operation, which is every verb of its When steps (create, then update).
 */
export interface ScenarioCoordinates {
  name: string;
  /** Its tags, inherited ones included: `@rule.<id>` names the rules it covers. */
  tags: string[];
  values: Partial<Record<Dimension, string[]>>;
}

/** A row of the Combinations table of RULES.md: the product a rule must cover, and what it leaves out. */
export interface CombinationRow {
  rule: string;
  dimensions: Array<{ name: Dimension; values: readonly string[] }>;
  /** Each exclusion names some values (of any dimensions) and why those combinations are not run. */
  exclusions: Array<{ values: string[]; reason: string }>;
}

const INDEX_TAGS: Record<string, string> = { '@events': 'events', '@network-link-types': 'network link types', '@agents': 'agents' };
const PATH_TAGS: Record<string, string> = { '@base-path': '{base}', '@record-path': '{base}/{id}' };
const INDEX_WORDS: Array<[RegExp, string]> = [
  [/^event/, 'events'],
  [/^network link type/, 'network link types'],
  [/^agent/, 'agents'],
];
/** The `entry` column of the agent scenarios names one list (`action config` → actions). */
const ENTRY_LISTS: Record<string, string> = { action: 'actions', parameter: 'parameters', resource: 'resources' };

function canonicalIndex(words: string): string | undefined {
  const noun = words.replace(/^(?:an?|the)\s+/i, '').toLowerCase();
  return INDEX_WORDS.find(([pattern]) => pattern.test(noun))?.[1];
}

/**
 * Reads every feature under `dir` and gives each scenario's coordinates: from the Examples
 * columns named after a dimension (`entry` gives the list), from the feature tags (@events …)
 * and path tags (@base-path, @record-path), and the operation from the verb of the first When
 * step ("When I create …").
 */
export function readScenarioCoordinates(dir: string): ScenarioCoordinates[] {
  return readFeatureScenarios(dir).map(({ name, tags, example, actions }) => {
    const values: Partial<Record<Dimension, string[]>> = {};
    for (const tag of tags) {
      const index = INDEX_TAGS[tag];
      const path = PATH_TAGS[tag];
      if (index) values.index = [index];
      if (path) values.path = [path];
    }
    for (const [column, cell] of Object.entries(example)) {
      if (column === 'index') values.index = [canonicalIndex(cell) ?? cell];
      else if (column === 'entry') values.list = [ENTRY_LISTS[cell.split(' ')[0]!] ?? cell];
      else if (column in DIMENSIONS) values[column as Dimension] = [cell];
    }
    if (!values.operation) {
      const verbs = actions.map((text) => /^I (create|read|update|delete)\b/.exec(text)?.[1]).filter((verb): verb is string => verb !== undefined);
      if (verbs.length > 0) values.operation = [...new Set(verbs)];
    }
    return { name, tags, values };
  });
}

/**
 * Parses the Combinations table of RULES.md: `| rule | index × path | left out |`, a dimension
 * optionally restricted (`operation(create, update)`), exclusions as `value × value: reason`
 * separated by `;`.
 */
export function parseCombinations(markdown: string): CombinationRow[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Combinations'));
  if (!section) return [];
  const rows: CombinationRow[] = [];
  for (const line of section.split('\n').filter((l) => l.startsWith('| ') && !/^\|\s*(General rule|-)/.test(l))) {
    const [rule = '', product = '', leftOut = ''] = line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
    const dimensions = product.split('×').map((part) => {
      const [, name = '', restriction] = /^\s*(\w+)(?:\(([^)]*)\))?\s*$/.exec(part) ?? [];
      if (!(name in DIMENSIONS)) throw new Error(`RULES.md Combinations: ${rule} names an unknown dimension "${part.trim()}"`);
      const all: readonly string[] = DIMENSIONS[name as Dimension];
      const values = restriction ? restriction.split(',').map((v) => v.trim()) : all;
      for (const value of values) if (!all.includes(value)) throw new Error(`RULES.md Combinations: ${rule}: ${value} is not a value of ${name}`);
      return { name: name as Dimension, values };
    });
    const exclusions = leftOut
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        const colon = part.indexOf(':');
        if (colon < 0) throw new Error(`RULES.md Combinations: ${rule}: "${part}" gives no reason (value × value: reason)`);
        return {
          values: part
            .slice(0, colon)
            .split('×')
            .map((v) => v.replace(/`/g, '').trim()),
          reason: part.slice(colon + 1).trim(),
        };
      });
    rows.push({ rule, dimensions, exclusions });
  }
  return rows;
}

/** Every combination of a row's dimensions, as dimension → value. */
export function expandCombinations(row: CombinationRow): Array<Record<string, string>> {
  return row.dimensions.reduce<Array<Record<string, string>>>(
    (combos, dimension) => combos.flatMap((combo) => dimension.values.map((value) => ({ ...combo, [dimension.name]: value }))),
    [{}],
  );
}

/** True when a combination holds every value an exclusion names. */
export function isExcluded(combo: Record<string, string>, exclusion: { values: string[] }): boolean {
  return exclusion.values.every((value) => Object.values(combo).includes(value));
}

/** How a combination reads in a message: `create × events × {base}`. */
export function describeCombination(combo: Record<string, string>): string {
  return Object.values(combo).join(' × ');
}

/**
 * The combinations of `dimensions` a scenario covers (the product of its values), or none when it
 * does not state every one of them.
 */
export function coveredCombinations(scenario: ScenarioCoordinates, dimensions: readonly Dimension[]): Array<Record<string, string>> {
  return dimensions.reduce<Array<Record<string, string>>>(
    (combos, dimension) => {
      const values = scenario.values[dimension] ?? [];
      return combos.flatMap((combo) => values.map((value) => ({ ...combo, [dimension]: value })));
    },
    [{}],
  );
}
