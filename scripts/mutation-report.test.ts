import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summariseMutationReport } from './mutation-report.mjs';

test('summariseMutationReport counts statuses and computes the score as Stryker does', () => {
  const mutants = (statuses: string[]) => statuses.map((status) => ({ status }));
  const summary = summariseMutationReport({
    files: {
      'a.ts': { mutants: mutants(['Killed', 'Killed', 'Survived', 'Timeout']) },
      'b.ts': { mutants: mutants(['NoCoverage', 'RuntimeError', 'Ignored', 'Killed']) },
    },
  });
  assert.deepEqual(summary, { killed: 3, survived: 1, noCoverage: 1, timeout: 1, errors: 1, ignored: 1, score: (100 * 4) / 6 });
  assert.equal(summariseMutationReport({ files: {} }).score, 0);
});
