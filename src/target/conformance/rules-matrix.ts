import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One row of features/RULES.md: a rule of the description and the scenarios covering it. */
export interface RuleRow {
  /** e.g. `4.1-rule-3`. */
  id: string;
  /** e.g. `§4.1 rule 3`. */
  seed: string;
  text: string;
  /** Scenario names or outline patterns (`<…>` stands for any text). */
  scenarios: string[];
  /** Why the rule has no scenario, e.g. "not shown by the description". */
  notTested?: string;
}

/**
 * Reads the rule table of features/RULES.md: rows of `| id | seed | text | coverage |` after the
 * header row, scenario names in backticks, or `not tested — <reason>`.
 */
export function parseRulesMatrix(markdown: string): RuleRow[] {
  const rows: RuleRow[] = [];
  let inTable = false;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    const cells = line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split('|')
      .map((c) => c.trim());
    if (cells[0] === 'Rule') {
      inTable = true;
      continue;
    }
    if (!inTable || /^-+$/.test(cells[0] ?? '')) continue;
    const [id = '', seed = '', text = '', coverage = ''] = cells;
    const notTested = /^not tested\s*[—-]\s*(.+)$/i.exec(coverage)?.[1];
    const scenarios = notTested ? [] : [...coverage.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    rows.push({ id, seed, text, scenarios, ...(notTested ? { notTested: notTested.replace(/`/g, '') } : {}) });
  }
  return rows;
}

export function loadRulesMatrix(root: string): RuleRow[] {
  return parseRulesMatrix(readFileSync(join(root, 'features', 'RULES.md'), 'utf8'));
}

/** True when a scenario name matches a RULES.md name: exactly, or with `<…>` standing for any text. */
export function matchesScenarioName(pattern: string, name: string): boolean {
  if (!pattern.includes('<')) return pattern === name;
  const regexp = pattern
    .split(/<[^>]+>/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${regexp}$`).test(name);
}

/** The tag a scenario carries for each rule it checks: `@rule.` and the row id, e.g. `@rule.4.1-rule-3`. */
export const RULE_TAG_PREFIX = '@rule.';

export function ruleTag(id: string): string {
  return `${RULE_TAG_PREFIX}${id}`;
}

/** The RULES.md row ids a scenario's tags name. */
export function ruleIdsOf(tags: readonly string[]): string[] {
  return tags.filter((tag) => tag.startsWith(RULE_TAG_PREFIX)).map((tag) => tag.slice(RULE_TAG_PREFIX.length));
}

/** What the matrix needs of a scenario: its name, its outline's name and key, its tags (read-feature-scenarios.ts). */
export interface TaggedScenario {
  name: string;
  template: string;
  templateKey: string;
  tags: readonly string[];
}

/**
 * The "Covered by" entries of a rule: the scenarios tagged `@rule.<id>`, in feature order, each
 * outline once by its own name (`<…>` kept), with how many of its rows carry the tag when not all do.
 */
export function coveringNames(id: string, scenarios: readonly TaggedScenario[]): string[] {
  const tag = ruleTag(id);
  const outlines = new Map<string, TaggedScenario[]>();
  for (const scenario of scenarios) outlines.set(scenario.templateKey, [...(outlines.get(scenario.templateKey) ?? []), scenario]);
  return [...outlines.values()].flatMap((rows) => {
    const tagged = rows.filter((row) => row.tags.includes(tag)).length;
    if (tagged === 0) return [];
    return [`\`${rows[0]!.template}\`${tagged === rows.length ? '' : ` (${tagged} of its ${rows.length} rows)`}`];
  });
}

/** The markers around the table whose "Covered by" column npm run generate writes. */
export const RULES_TABLE_START = '<!-- generated: the "Covered by" column, from the @rule.<id> tags of features/*.feature (npm run generate) -->';
export const RULES_TABLE_END = '<!-- end of the generated column -->';

/**
 * features/RULES.md with the "Covered by" column of its rule table written from the tags: the
 * rule id, section and text stay as written by hand; a rule no scenario carries keeps its
 * `not tested — <reason>`, or gets one naming the missing tag, which rules-matrix.test.ts refuses.
 */
export function renderRulesMatrix(markdown: string, scenarios: readonly TaggedScenario[]): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(RULES_TABLE_START);
  const end = lines.indexOf(RULES_TABLE_END);
  if (start < 0 || end < start) throw new Error(`features/RULES.md: the rule table must sit between ${RULES_TABLE_START} and ${RULES_TABLE_END}`);
  const rows = new Map(parseRulesMatrix(lines.slice(start + 1, end).join('\n')).map((row) => [row.id, row]));
  for (let i = start + 1; i < end; i += 1) {
    const cells = lines[i]!.split(' | ');
    const id = cells[0]!.replace(/^\|\s*/, '');
    const row = rows.get(id);
    if (!row || cells.length < 4) continue;
    const names = coveringNames(id, scenarios);
    const written = cells
      .slice(3)
      .join(' | ')
      .replace(/\s*\|\s*$/, '');
    const untested = row.notTested ? written : `not tested — no scenario carries ${ruleTag(id)}`;
    const coverage = names.length > 0 ? names.join(', ') : untested;
    lines[i] = `${cells.slice(0, 3).join(' | ')} | ${coverage} |`;
  }
  return lines.join('\n');
}
