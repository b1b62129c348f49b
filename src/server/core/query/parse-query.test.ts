import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSpecValidator } from '../../../contract/spec/spec-validator.js';
import { parseQuery } from './parse-query.js';
import { UNKNOWN_OPERATOR } from '../kit-messages.js';
import { MAX_CLAUSES } from './parse-where.js';

const refused: Array<[string, { query: unknown; field: string; reason: RegExp | string }]> = [
  ['not an object', { query: [], field: 'body', reason: 'must be object' }],
  ['an unknown query field', { query: { offset: 2 }, field: 'offset', reason: 'not allowed' }],
  [
    'an unknown operator',
    {
      query: { where: { regexp: { target: 'id', expr: 'x' } } },
      field: 'where.regexp',
      reason: /^unknown operator: use equals, reg_exp, wildcard, lt, lte, gt, gte, and, or, not$/,
    },
  ],
  ['an empty where', { query: { where: {} }, field: 'where', reason: 'must name at least one operator' }],
  ['a clause without target', { query: { where: { equals: { expr: 'x' } } }, field: 'where.equals.target', reason: 'required' }],
  ['a clause without expr', { query: { where: { reg_exp: { target: 'id' } } }, field: 'where.reg_exp.expr', reason: 'required' }],
  ['an empty target', { query: { where: { wildcard: { target: '', expr: 'x' } } }, field: 'where.wildcard.target', reason: 'must not be empty' }],
  ['a clause with another field', { query: { where: { lt: { target: 'n', expr: 1, mode: 'x' } } }, field: 'where.lt.mode', reason: 'not allowed' }],
  ['an equals expr that is a number', { query: { where: { equals: { target: 'count', expr: 3 } } }, field: 'where.equals.expr', reason: 'must be string' }],
  [
    'a range expr that is a boolean',
    { query: { where: { gte: { target: 'count', expr: true } } }, field: 'where.gte.expr', reason: 'must be string or number' },
  ],
  [
    'a bad regular expression',
    { query: { where: { reg_exp: { target: 'id', expr: '(a' } } }, field: 'where.reg_exp.expr', reason: /^not a valid regular expression: missing closing \)/ },
  ],
  [
    'a bad clause inside and',
    { query: { where: { and: [{ equals: { target: 'a', expr: 'b' } }, { gt: { target: 'n' } }] } }, field: 'where.and.1.gt.expr', reason: 'required' },
  ],
  ['an empty and list', { query: { where: { and: [] } }, field: 'where.and', reason: 'must not be empty' }],
  ['or that is neither list nor object', { query: { where: { or: 'x' } }, field: 'where.or', reason: /^must be a list of clauses/ }],
  ['a bad clause inside the object form of or', { query: { where: { or: { like: {} } } }, field: 'where.or.like', reason: /^unknown operator/ }],
  ['not of a list', { query: { where: { not: [] } }, field: 'where.not', reason: 'must be object' }],
  ['order not a list', { query: { order: { target: 'id', mode: 'asc' } }, field: 'order', reason: /^must be a list/ }],
  ['order without mode', { query: { order: [{ target: 'id' }] }, field: 'order.0.mode', reason: 'required' }],
  ['order with another mode', { query: { order: [{ target: 'id', mode: 'up' }] }, field: 'order.0.mode', reason: 'must be one of: asc, desc' }],
  ['order without target', { query: { order: [{ mode: 'asc' }] }, field: 'order.0.target', reason: 'required' }],
  ['limit not an object', { query: { limit: 5 }, field: 'limit', reason: /^must be an object/ }],
  ['limit with a negative bound', { query: { limit: { from: -1 } }, field: 'limit.from', reason: 'must be a non-negative integer' }],
  ['limit with a fraction', { query: { limit: { to: 1.5 } }, field: 'limit.to', reason: 'must be a non-negative integer' }],
  ['limit with another field', { query: { limit: { size: 5 } }, field: 'limit.size', reason: 'not allowed' }],
  ['limit to before from', { query: { limit: { from: 3, to: 2 } }, field: 'limit.to', reason: 'must not be less than limit.from' }],
  ['select not a list', { query: { select: 'name' }, field: 'select', reason: 'must be array' }],
  [
    'too many clauses',
    {
      query: { where: { or: Array.from({ length: MAX_CLAUSES }, () => ({ equals: { target: 'a', expr: 'b' } })) } },
      field: `where.or.${MAX_CLAUSES - 1}.equals`,
      reason: `more than ${MAX_CLAUSES} clauses`,
    },
  ],
];

for (const [name, { query, field, reason }] of refused) {
  test(`parseQuery refuses ${name}, naming ${field}`, () => {
    const parsed = parseQuery(query);
    assert.equal(parsed.ok, false);
    if (parsed.ok) return;
    assert.equal(parsed.problem.field, field);
    if (typeof reason === 'string') assert.equal(parsed.problem.reason, reason);
    else assert.match(parsed.problem.reason, reason);
  });
}

const accepted: Array<[string, unknown]> = [
  ['nothing', {}],
  ['the query of the description', { select: ['name'], where: { equals: { target: 'id', expr: 'p2p' } } }],
  [
    'every comparison',
    {
      where: {
        reg_exp: { target: 'a', expr: 'x.*' },
        wildcard: { target: 'b', expr: 'y?' },
        lt: { target: 'n', expr: 3 },
        lte: { target: 'n', expr: '3' },
        gt: { target: 'n', expr: 0 },
        gte: { target: 's', expr: 'm' },
      },
    },
  ],
  [
    'and / or as lists and objects, not',
    {
      where: { and: [{ or: { equals: { target: 'a', expr: '1' }, wildcard: { target: 'a', expr: '2*' } } }, { not: { equals: { target: 'b', expr: 'x' } } }] },
    },
  ],
  [
    'order and limit',
    {
      order: [
        { target: 'id', mode: 'desc' },
        { target: 'config.cmd', mode: 'asc' },
      ],
      limit: { from: 0, to: 9 },
    },
  ],
  ['a limit with one bound', { limit: { to: 0 } }],
];

// The hand-written parser and the spec's Query schema must agree on what is a query: every
// accepted query validates, and every refused one (but those the schema cannot express — a
// regular expression that does not compile, a limit whose to is below its from, too many clauses) fails.
const spec = createSpecValidator();
const SCHEMA_CANNOT_SAY = ['a bad regular expression', 'limit to before from', 'too many clauses'];

for (const [name, query] of accepted) {
  test(`parseQuery accepts ${name}, and so does the spec's Query schema`, () => {
    assert.equal(parseQuery(query).ok, true);
    assert.deepEqual(spec.validateSchema('Query', query), []);
  });
}

test("every query the parser refuses breaks the spec's Query schema too", () => {
  for (const [name, { query }] of refused) {
    if (SCHEMA_CANNOT_SAY.includes(name)) continue;
    assert.notDeepEqual(spec.validateSchema('Query', query), [], name);
  }
});

test('where takes every operator the unknown-operator refusal names', () => {
  const named = UNKNOWN_OPERATOR.replace(/^unknown operator: use /, '').split(', ');
  assert.equal(named.length, 10);
  for (const op of named) {
    const parsed = parseQuery({ where: { [op]: {} } });
    assert.ok(!parsed.ok && parsed.problem.reason !== UNKNOWN_OPERATOR, `${op} should be an operator of where`);
  }
});
