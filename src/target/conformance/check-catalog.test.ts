import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BLOCK_CATALOG, CHECK_CATALOG, ruleOfCheck, type CheckId } from './check-catalog.js';
import { loadRulesMatrix } from './rules-matrix.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every step source file (not the unit tests beside them). */
function stepSources(dir = join(ROOT, 'steps')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return stepSources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

// A quoted `<rule>/<check>`: a rule id as RULES.md writes them (a section number, ext-…), or a
// block's `setup/…`, `target/…`.
const ID_LITERAL = /'((?:\d[\d.]*-[a-z0-9.-]+|ext-[a-z0-9-]+|setup|target)\/[a-z0-9-]+)'/g;

/** The check and block ids the steps name, each with the first file that names it. */
function idsUsedBySteps(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of stepSources()) {
    for (const [, id] of readFileSync(file, 'utf8').matchAll(ID_LITERAL)) if (!used.has(id!)) used.set(id!, relative(ROOT, file));
  }
  return used;
}

const catalogued = new Set<string>([...Object.keys(CHECK_CATALOG), ...Object.keys(BLOCK_CATALOG)]);

test('every check id a step names is in the catalog', () => {
  const used = idsUsedBySteps();
  assert.ok(used.size > 100, `only ${used.size} ids found in steps/: the scan misses them`);
  const unknown = [...used].filter(([id]) => !catalogued.has(id)).map(([id, file]) => `${id} (${file})`);
  assert.deepEqual(unknown, [], 'ids the steps use that src/target/conformance/check-catalog.ts lacks');
});

test('every catalogued id is named by a step: no check that nothing records', () => {
  const used = idsUsedBySteps();
  assert.deepEqual(
    [...catalogued].filter((id) => !used.has(id)),
    [],
  );
});

test("every check's rule is a row of features/RULES.md", () => {
  const rows = new Set(loadRulesMatrix(ROOT).map((row) => row.id));
  const orphans = (Object.keys(CHECK_CATALOG) as CheckId[]).filter((id) => !rows.has(ruleOfCheck(id)));
  assert.deepEqual(orphans, []);
});

test('a block names no rule: it is setup or the target', () => {
  assert.deepEqual(
    Object.keys(BLOCK_CATALOG).filter((id) => !/^(setup|target)\//.test(id)),
    [],
  );
});

test('every entry is one sentence citing where it comes from', () => {
  for (const [id, sentence] of Object.entries({ ...CHECK_CATALOG, ...BLOCK_CATALOG })) {
    assert.match(id, /^[a-z0-9.-]+\/[a-z0-9-]+$/, id);
    assert.match(sentence, /^[A-Z'"a-z].+[.)]$/, id);
  }
  for (const [id, sentence] of Object.entries(CHECK_CATALOG)) assert.match(sentence, /§|extension|RFC/, `${id} cites no section`);
});

test('ruleOfCheck: the part before the slash', () => {
  assert.equal(ruleOfCheck('4.1-create/status'), '4.1-create');
  assert.equal(ruleOfCheck('ext-q-with-body/message-names-problem'), 'ext-q-with-body');
});
