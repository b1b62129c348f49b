import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { featureTags, longFeaturesFirst } from './long-features-first.js';
import { PACKAGE_ROOT } from './run-conformance.js';

test("a feature's own tags are the tag lines above Feature:, comments aside; scenario tags are not", () => {
  assert.deepEqual(featureTags('# a comment\n@extension @batches # why\n@volume\nFeature: x\n\n  @rule.1\n  Scenario: y\n'), [
    '@extension',
    '@batches',
    '@volume',
  ]);
  assert.deepEqual(featureTags('Feature: x\n  @volume\n  Scenario: y\n'), []);
  assert.deepEqual(featureTags('no feature here'), []);
});

test('the files of a long class come first, the paths follow unchanged', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'long-first-'));
  try {
    mkdirSync(join(cwd, 'features'));
    writeFileSync(join(cwd, 'features', 'a.feature'), '@short\nFeature: a\n');
    writeFileSync(join(cwd, 'features', 'z.feature'), '@volume\nFeature: z\n');
    writeFileSync(join(cwd, 'features', 'm.feature'), 'Feature: m\n  @volume\n  Scenario: one long scenario of a short file\n');
    writeFileSync(join(cwd, 'features', 'notes.md'), '@volume\nFeature: not a feature file\n');
    assert.deepEqual(longFeaturesFirst(['features/**/*.feature'], cwd), ['features/z.feature', 'features/**/*.feature']);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});

test('the repository: volume.feature comes first, and both conformance profiles select every file of features/ (so it is one of theirs)', async () => {
  assert.deepEqual(longFeaturesFirst([], PACKAGE_ROOT), ['features/volume.feature']);
  const profiles = (await import(pathToFileURL(join(PACKAGE_ROOT, 'cucumber.js')).href)) as Record<string, { paths: string[] }>;
  for (const name of ['conformanceCore', 'conformanceExtended']) assert.deepEqual(profiles[name]?.paths, ['features/**/*.feature'], name);
});
