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

/** Reads and parses `<root>/features/RULES.md`. */
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
