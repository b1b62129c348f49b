import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HISTORY_HEADING, keptHistory, listSurvivors, renderSurvivors } from './list-survivors.mjs';
import { reasonFor } from './survivor-reasons.mjs';

const at = (line: number) => ({ start: { line } });
const report = {
  files: {
    'src/server/core/query-records.ts': {
      source: 'const a = 1;\n  if ((id !== undefined || query.where || query.limit) && records.length === 0) return x;\nconst b = 2;',
      mutants: [
        { status: 'Killed', mutatorName: 'BooleanLiteral', location: at(1) },
        { status: 'Survived', mutatorName: 'ConditionalExpression', location: at(2) },
        { status: 'NoCoverage', mutatorName: 'StringLiteral', location: at(3) },
      ],
    },
    'src/server/core/messages.ts': {
      source: "export const X = 'Authentication failed';",
      mutants: [
        { status: 'Ignored', mutatorName: 'StringLiteral', location: at(1), statusReason: 'wording not fixed: refusal text (docs/mutation/SURVIVORS.md)' },
      ],
    },
  },
};

test('every mutant left alive is listed with its reason; a survivor no rule covers is "not triaged"', () => {
  assert.deepEqual(
    listSurvivors(report).map((r) => [r.where, r.status, r.reason.slice(0, 30)]),
    [
      ['core/messages.ts:1', 'ignored', 'wording not fixed: refusal tex'],
      ['core/query-records.ts:2', 'survived', 'open status: a read whose quer'],
      ['core/query-records.ts:3', 'no coverage', 'not triaged'],
    ],
  );
});

test('the rendered file gives the score as Stryker does and the raw score with ignored mutants counted', () => {
  const text = renderSurvivors(report, '2026-01-01', ['src/server/core/kit-messages.ts']);
  assert.match(text, /1 killed, 0 timeout, 1 survived, 1 no coverage, 1 ignored, 0 errors over 4 mutants/);
  assert.match(text, /## Not mutated\n\n- `src\/server\/core\/kit-messages\.ts`\n/);
  assert.match(text, /\*\*33\.3 %\*\*; counting the ignored mutants as not detected, 25\.0 %/);
  assert.match(text, /\| 1 \| wording not fixed: refusal text \|/);
});

test('a rule matches by file and line text', () => {
  assert.match(reasonFor('core/match-where.ts', "if (typeof value === 'number' || x)") ?? '', /expr` is a String/);
  assert.equal(reasonFor('core/match-where.ts', 'something else'), undefined);
  assert.match(reasonFor('core/query/parse-where.ts', "if (x) return problem(field, 'must be object');") ?? '', /wording not fixed/);
  assert.match(reasonFor('core/query/parse-where.ts', "if (--budget.left < 0) return problem(at, 'too many');") ?? '', /limits/);
});

test("the pointer to this report is left out of an ignored mutant's reason, whatever path the comment gives it", () => {
  const pointers = ['(docs/mutation/SURVIVORS.md)', '(reports/SURVIVORS.md)', '(SURVIVORS.md)'];
  const mutants = pointers.map((pointer, index) => ({
    status: 'Ignored',
    mutatorName: 'StringLiteral',
    location: at(index + 1),
    statusReason: `equivalent: token cache ${pointer}`,
  }));
  const rows = listSurvivors({ files: { 'src/contract/tokens/verified-token-cache.ts': { source: 'a\nb\nc', mutants } } });
  assert.deepEqual(
    rows.map((r) => r.reason),
    ['equivalent: token cache', 'equivalent: token cache', 'equivalent: token cache'],
  );
});

test('a rewrite keeps the hand-written before-and-after section, after the figures, and adds none to a file without one', () => {
  const history = `${HISTORY_HEADING}\n\nBefore: 226 comments, 93.2 %.`;
  const before = renderSurvivors(report, '2026-01-01', [], history);
  assert.equal(keptHistory(before), history);
  const after = renderSurvivors(report, '2026-01-02', [], keptHistory(before));
  assert.match(after, /25\.0 %\.\n\n## Before and after\n\nBefore: 226 comments, 93\.2 %\.\n\n## Counted against the score/);
  assert.equal(keptHistory(renderSurvivors(report, '2026-01-01')), '');
  assert.doesNotMatch(renderSurvivors(report, '2026-01-01'), /Before and after/);
});
