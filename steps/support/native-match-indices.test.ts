import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { useNativeMatchIndices } from './native-match-indices.js';

interface Group {
  value: string | undefined;
  start: number | undefined;
  end: number | undefined;
  children: Group[] | undefined;
}
interface Expressions {
  CucumberExpression: new (expression: string, registry: unknown) => Matcher;
  RegularExpression: new (regexp: RegExp, registry: unknown) => Matcher & { treeRegexp: unknown };
  ParameterTypeRegistry: new () => unknown;
}
interface Matcher {
  match(text: string): { group: Group; getValue(context: unknown): unknown }[] | null;
}

const require = createRequire(import.meta.url);
const expressions = createRequire(require.resolve('@cucumber/cucumber'))('@cucumber/cucumber-expressions') as Expressions;
const registry = new expressions.ParameterTypeRegistry();

// Steps shaped as the suite's are: parameters, optional text, alternatives, groups that take no part, nested groups.
const cases: [Matcher, string][] = [
  [new expressions.CucumberExpression('{int} {word} of one batch exist(s)', registry), '260 events of one batch exist'],
  [new expressions.CucumberExpression('I read {string} with/without a body', registry), 'I read "a (b) c" without a body'],
  [new expressions.CucumberExpression('the response is {int} with an envelope of code {int}', registry), 'the response is 205 with an envelope of code 200'],
  [new expressions.RegularExpression(/^I (?:have )?(\d+)( cukes)?$/, registry), 'I 42'],
  [new expressions.RegularExpression(/^((a)|(b))(c(d)?)$/, registry), 'bc'],
  [new expressions.RegularExpression(/^(?<name>\S+) é (\d+)$/u, registry), 'ação🙂 é 7'],
];

const plain = (group: Group): unknown => ({ value: group.value, start: group.start, end: group.end, children: group.children?.map(plain) });
const matchAll = () =>
  cases.map(([matcher, text]) => matcher.match(text)?.map((argument) => ({ group: plain(argument.group), value: argument.getValue(null) })) ?? null);

test("cucumber's step matching gives the same groups, positions and values with the native indices as with the polyfill", () => {
  const polyfilled = matchAll();
  assert.ok(
    polyfilled.every((arguments_) => arguments_ !== null),
    'every case matches',
  );
  assert.equal(useNativeMatchIndices(expressions), true);
  assert.deepEqual(matchAll(), polyfilled);
  assert.equal(cases[0]![0].match('no such step'), null);
  assert.equal(useNativeMatchIndices(expressions), true, 'a second call changes nothing');
  assert.equal(useNativeMatchIndices(), true, "cucumber's own copy is the one found");
});

test('an expression with the g or y flag, and a module of another shape, keep the polyfill', () => {
  useNativeMatchIndices(expressions);
  const sticky = new expressions.RegularExpression(/(\d+) items/y, registry);
  assert.deepEqual(
    sticky.match('12 items')?.map((argument) => plain(argument.group)),
    [{ value: '12', start: 0, end: 2, children: undefined }],
  );
  const otherShape = { RegularExpression: class {}, ParameterTypeRegistry: class {} };
  assert.equal(useNativeMatchIndices(otherShape as unknown as Parameters<typeof useNativeMatchIndices>[0]), false);
  const throwing = {
    RegularExpression: class {
      constructor() {
        throw new Error('not this version');
      }
    },
    ParameterTypeRegistry: class {},
  };
  assert.equal(useNativeMatchIndices(throwing as unknown as Parameters<typeof useNativeMatchIndices>[0]), false);
});
