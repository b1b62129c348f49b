// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the samples are source text holding template literals.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { REFUSAL_WORDING_REASON, refusalWording, strykerPlugins } from './refusal-wording-ignorer.mjs';

// Babel as Stryker's instrumenter loads it, so the paths are the ones the ignorer sees in a run.
const requireFromInstrumenter = createRequire(createRequire(import.meta.url).resolve('@stryker-mutator/instrumenter/package.json'));
/** The part of @babel/core this test uses (the kit does not install Babel's type packages). */
interface BabelPath {
  node: { start?: number | null; end?: number | null };
  listKey?: string | undefined;
  key?: string | number | null;
  parentPath: { node: unknown } | null;
}
interface Babel {
  parseSync(code: string, options: { filename: string; presets: string[] }): object | null;
  traverse(ast: object, visitor: { enter(path: BabelPath): void }): void;
}
const babel = requireFromInstrumenter('@babel/core') as Babel;

/** The source text of every node the ignorer ignores in `source`. */
function ignoredTexts(source: string): string[] {
  const ast = babel.parseSync(source, { filename: 'sample.ts', presets: [requireFromInstrumenter.resolve('@babel/preset-typescript')] });
  assert.ok(ast);
  const ignored: string[] = [];
  babel.traverse(ast, {
    enter(path) {
      if (refusalWording(path) !== undefined) ignored.push(source.slice(path.node.start ?? 0, path.node.end ?? 0));
    },
  });
  return ignored;
}

test('the reason argument of problem() is ignored, the field it names is not', () => {
  assert.deepEqual(ignoredTexts("function f(at: string) { return problem(`${at}.target`, 'must be string'); }"), ["'must be string'"]);
});

test('a reason built from an expression is ignored whole', () => {
  assert.deepEqual(ignoredTexts("problem('limit.to', to === undefined ? 'required' : `below ${from}`);"), ["to === undefined ? 'required' : `below ${from}`"]);
});

test('the text of requestNotValid() is ignored', () => {
  assert.deepEqual(ignoredTexts("errorResponse(400, requestNotValid('the body is not valid JSON'));"), ["'the body is not valid JSON'"]);
});

test('the reason of patternRefusal() is ignored', () => {
  assert.deepEqual(ignoredTexts('const r = patternRefusal(`not a valid ${what}: ${describeRe2Error(error)}`);'), [
    '`not a valid ${what}: ${describeRe2Error(error)}`',
  ]);
});

test('other calls, the description-fixed 406 texts and member calls named alike are left to Stryker', () => {
  const source = [
    "envelopeItem(406, { name: 'required' });",
    "errorResponse(406, 'Id already found');",
    "checker.problem('where', 'must be object');",
    "other('where', 'must be object');",
    "const reason = 'problem';",
  ].join('\n');
  assert.deepEqual(ignoredTexts(source), []);
});

test('the plugin is declared as an ignorer named refusal-wording', () => {
  const [plugin] = strykerPlugins;
  assert.equal(plugin?.kind, 'Ignore');
  assert.equal(plugin?.name, 'refusal-wording');
  assert.match(REFUSAL_WORDING_REASON, /docs\/mutation\/SURVIVORS\.md/);
});
