import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ALLOWANCES } from '../../contract/faithful-answers.js';
import { applicable, CHECK_IDS, CHECKS, parseCheckList, renderCheckTable, signatureOf, type CheckRow, type Problem } from './check-table.js';

const DOCS = readFileSync(new URL('../../../docs/fuzzing.md', import.meta.url), 'utf8');
const problem = (check: Problem['check']): Problem => ({ check, observed: '500', expected: 'e', actual: 'a' });

describe('the table of checks', () => {
  it('every row names allowances that exist and checks it follows that come before it', () => {
    for (const [id, row] of Object.entries(CHECKS as Record<string, CheckRow>)) {
      for (const allowance of row.allowances) assert.ok(allowance in ALLOWANCES, `${id}: ${allowance}`);
      for (const before of row.mootAfter ?? []) assert.ok(CHECK_IDS.indexOf(before as never) < CHECK_IDS.indexOf(id as never), `${id} after ${before}`);
    }
  });

  it('docs/fuzzing.md shows the table as the code has it (between the fuzz-checks markers)', () => {
    const shown = DOCS.split('<!-- fuzz-checks -->')[1]?.split('<!-- /fuzz-checks -->')[0]?.trim();
    assert.equal(shown, renderCheckTable().join('\n'), 'rewrite the table in docs/fuzzing.md from renderCheckTable()');
  });

  it('a check whose failure only repeats another on the same answer is dropped; the others all stay', () => {
    const found = [problem('server-error'), problem('documented-status'), problem('json-media-type'), problem('model-status')];
    assert.deepEqual(
      applicable(found).map((p) => p.check),
      ['server-error'],
    );
    const both = [problem('documented-status'), problem('model-envelope'), problem('reason-phrase')];
    assert.deepEqual(
      applicable(both).map((p) => p.check),
      ['documented-status', 'model-envelope', 'reason-phrase'],
    );
  });

  it('--checks: names from the table, or a refusal that lists every check; a signature names operation, check and value', () => {
    assert.deepEqual(parseCheckList('server-error, model-status'), { ok: true, checks: ['server-error', 'model-status'] });
    const refused = parseCheckList('server-error,no-such');
    assert.ok(!refused.ok && /unknown check "no-such"; the checks are answered, server-error, .*serial-order$/.test(refused.error));
    assert.equal(signatureOf('deleteEventById', { check: 'model-envelope', observed: '205' }), 'deleteEventById:model-envelope:205');
  });
});
