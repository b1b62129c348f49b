import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareExcludedFiles, compareIgnoredMutants, stripDisableComments, type MutationReport, type ReportMutant } from './compare-ignored-mutants.mjs';

const source = [
  '// Stryker disable next-line StringLiteral: wording (docs/mutation/SURVIVORS.md)',
  "const a = 'x';",
  'const b = 1 > 0;',
  '  // Stryker disable next-line ConditionalExpression: equivalent (docs/mutation/SURVIVORS.md)',
  'if (b) run();',
].join('\n');

const mutant = (line: number, mutatorName: string, status: string, replacement = ''): ReportMutant => ({
  mutatorName,
  replacement,
  status,
  location: { start: { line, column: 3 }, end: { line, column: 9 } },
});

test('stripping the disable comments keeps the code and maps each line to where it went', () => {
  const { text, lineOf } = stripDisableComments(source);
  assert.equal(text, ["const a = 'x';", 'const b = 1 > 0;', 'if (b) run();'].join('\n'));
  assert.deepEqual([2, 3, 5].map(lineOf), [1, 2, 3]);
});

test('an ignored mutant that the full run killed is reported as hidden; survivors are not', () => {
  const ignoredRun: MutationReport = {
    files: {
      'a.ts': {
        source,
        mutants: [
          mutant(2, 'StringLiteral', 'Ignored', '""'),
          mutant(5, 'ConditionalExpression', 'Ignored', 'true'),
          mutant(3, 'EqualityOperator', 'Killed', '>='),
        ],
      },
    },
  };
  const fullRun: MutationReport = {
    files: {
      'a.ts': {
        source: stripDisableComments(source).text,
        mutants: [
          mutant(1, 'StringLiteral', 'Survived', '""'),
          mutant(3, 'ConditionalExpression', 'Killed', 'true'),
          mutant(2, 'EqualityOperator', 'Killed', '>='),
        ],
      },
    },
  };
  const result = compareIgnoredMutants(ignoredRun, fullRun);
  assert.equal(result.checked, 2);
  assert.deepEqual(result.byStatus, { Survived: 1, Killed: 1 });
  assert.deepEqual(
    result.hidden.map((h) => [h.line, h.mutator]),
    [[5, 'ConditionalExpression']],
  );
  assert.equal(result.missing, 0);
});

test('an ignored mutant the full run does not have is counted as missing', () => {
  const ignoredRun: MutationReport = { files: { 'a.ts': { source, mutants: [mutant(2, 'StringLiteral', 'Ignored', '"x"')] } } };
  const fullRun: MutationReport = { files: { 'a.ts': { source: stripDisableComments(source).text, mutants: [] } } };
  assert.equal(compareIgnoredMutants(ignoredRun, fullRun).missing, 1);
});

test('runs of different code are refused', () => {
  const ignoredRun: MutationReport = { files: { 'a.ts': { source, mutants: [] } } };
  const fullRun: MutationReport = { files: { 'a.ts': { source: 'const a = 2;', mutants: [] } } };
  assert.throws(() => compareIgnoredMutants(ignoredRun, fullRun), /different code/);
});

test('a replacement that carries a removed comment matches the one without it', () => {
  const commented = [
    'switch (k) {',
    '  // Stryker disable next-line StringLiteral: wording (docs/mutation/SURVIVORS.md)',
    "  case 'a':",
    '    break;',
    '}',
  ].join('\n');
  const caseMutant = (line: number, replacement: string, status: string): ReportMutant => ({
    mutatorName: 'ConditionalExpression',
    replacement,
    status,
    location: { start: { line, column: 3 }, end: { line: line + 1, column: 11 } },
  });
  const ignoredRun: MutationReport = {
    files: {
      'a.ts': {
        source: commented,
        mutants: [caseMutant(3, "// Stryker disable next-line StringLiteral: wording (docs/mutation/SURVIVORS.md)\ncase 'a':", 'Ignored')],
      },
    },
  };
  const fullRun: MutationReport = { files: { 'a.ts': { source: stripDisableComments(commented).text, mutants: [caseMutant(2, "case 'a':", 'NoCoverage')] } } };
  const result = compareIgnoredMutants(ignoredRun, fullRun);
  assert.deepEqual([result.missing, result.byStatus], [0, { NoCoverage: 1 }]);
});

test('every mutant of a file the usual run left out is checked; a killed or timed-out one is hidden by the exclusion', () => {
  const ignoredRun: MutationReport = { files: { 'a.ts': { source, mutants: [] } } };
  const fullRun: MutationReport = {
    files: {
      'a.ts': { source: stripDisableComments(source).text, mutants: [mutant(1, 'StringLiteral', 'Killed', '""')] },
      'wording.ts': {
        source: "export const X = 'x';",
        mutants: [mutant(1, 'StringLiteral', 'Survived', '""'), mutant(1, 'BlockStatement', 'RuntimeError', '{}')],
      },
      'cache.ts': { source: 'export const n = 1;', mutants: [mutant(1, 'ConditionalExpression', 'Timeout', 'true')] },
    },
  };
  const result = compareExcludedFiles(ignoredRun, fullRun);
  assert.deepEqual(result.files, ['cache.ts', 'wording.ts']);
  assert.equal(result.checked, 3);
  assert.deepEqual(result.byStatus, { Timeout: 1, Survived: 1, RuntimeError: 1 });
  assert.deepEqual(
    result.hidden.map((h) => [h.file, h.mutator]),
    [['cache.ts', 'ConditionalExpression']],
  );
});
