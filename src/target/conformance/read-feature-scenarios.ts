import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AstBuilder, compile, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator, PickleStepType } from '@cucumber/messages';

/**
 * One scenario as cucumber runs it (a Scenario Outline gives one per Examples row), with the
 * tags it inherits from its Feature, Rule, Scenario and Examples. Read by the development tools
 * only (npm run generate, the docs figures, the rule-matrix and self-check tests): @cucumber/gherkin
 * is a development dependency, and the runner takes the same tags from cucumber's own pickles.
 */
export interface FeatureScenario {
  /** The name results carry, outline placeholders filled in. */
  name: string;
  /** The Scenario (Outline)'s own name, `<…>` placeholders kept. */
  template: string;
  /** `file:line` of the Scenario (Outline): the pickles of one outline share it. */
  templateKey: string;
  /** e.g. `event.feature`. */
  file: string;
  tags: string[];
  /** The feature's own tag: the last one above `Feature:`. */
  featureTag: string | undefined;
  /** The text of its When steps, outline placeholders filled in. */
  actions: string[];
  /** Its Examples row, column → cell; empty for a plain Scenario. */
  example: Record<string, string>;
}

/** Every scenario of the `.feature` files of `featuresDir`, files in name order, scenarios in file order. */
export function readFeatureScenarios(featuresDir: string): FeatureScenario[] {
  const newId = IdGenerator.incrementing();
  const parser = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher());
  const scenarios: FeatureScenario[] = [];
  for (const file of readdirSync(featuresDir)
    .filter((f) => f.endsWith('.feature'))
    .sort()) {
    const document = parser.parse(readFileSync(join(featuresDir, file), 'utf8'));
    const outlines = new Map<string, { name: string; line: number }>();
    const rows = new Map<string, Record<string, string>>();
    for (const child of document.feature?.children ?? []) {
      const inner = child.rule ? child.rule.children : [child];
      for (const { scenario } of inner) {
        if (!scenario) continue;
        outlines.set(scenario.id, { name: scenario.name, line: scenario.location.line });
        for (const examples of scenario.examples) {
          const header = examples.tableHeader?.cells.map((c) => c.value) ?? [];
          for (const row of examples.tableBody) rows.set(row.id, Object.fromEntries(row.cells.map((c, i) => [header[i] ?? `${i}`, c.value])));
        }
      }
    }
    for (const pickle of compile(document, file, newId)) {
      const outline = outlines.get(pickle.astNodeIds[0] ?? '');
      if (!outline) throw new Error(`${file}: the scenario "${pickle.name}" has no Scenario in the parsed feature`);
      scenarios.push({
        name: pickle.name,
        template: outline.name,
        templateKey: `${file}:${outline.line}`,
        file,
        tags: pickle.tags.map((t) => t.name),
        featureTag: document.feature?.tags.at(-1)?.name,
        actions: pickle.steps.filter((step) => step.type === PickleStepType.ACTION).map((step) => step.text),
        example: rows.get(pickle.astNodeIds[1] ?? '') ?? {},
      });
    }
  }
  return scenarios;
}
