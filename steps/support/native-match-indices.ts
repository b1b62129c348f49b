import { createRequire } from 'node:module';

/** The part of cucumber-expressions' TreeRegexp this touches (not exported by the package: reached through an instance). */
interface TreeRegexpShape {
  regexp: RegExp;
  groupBuilder: { build(match: RegExpExecArray, nextGroupIndex: () => number): unknown };
  match(text: string): unknown;
}

/** What a cucumber-expressions module offers to build a TreeRegexp. */
interface ExpressionsModule {
  RegularExpression: new (regexp: RegExp, registry: unknown) => { treeRegexp?: unknown };
  ParameterTypeRegistry: new () => unknown;
}

const NATIVE = Symbol('mgmt-kit native match indices');

/**
 * Cucumber matches the text of every step it runs with cucumber-expressions, which takes the positions of the
 * groups from the `regexp-match-indices` polyfill: on every match that polyfill rebuilds a measuring expression
 * from a parse tree (regexp-tree), about a tenth of a conformance worker's CPU in a run. Node 16 and later give the
 * same positions natively (the `d` flag, ES2022) in the same shape: `indices[n]` is `[start, end]`, or undefined for
 * a group that took no part. This puts the native flag under TreeRegexp's `match`, in the copy that `cucumber`
 * loads (`expressions` replaces it in tests). A copy shaped otherwise (another major version), or an expression
 * with the `g` or `y` flag (whose state the flag's copy would not share), keeps the polyfill. Returns whether
 * the native flag is in place.
 */
export function useNativeMatchIndices(expressions = cucumbersExpressions()): boolean {
  if (expressions === undefined) return false;
  let prototype: (TreeRegexpShape & { [NATIVE]?: true }) | undefined;
  try {
    const probe = new expressions.RegularExpression(/(a)/, new expressions.ParameterTypeRegistry()).treeRegexp;
    prototype = probe === undefined ? undefined : (Object.getPrototypeOf(probe) as TreeRegexpShape & { [NATIVE]?: true });
  } catch {
    return false;
  }
  if (prototype === undefined || typeof prototype.match !== 'function') return false;
  if (prototype[NATIVE]) return true;
  const polyfilled = prototype.match;
  const withIndices = new WeakMap<RegExp, RegExp>();
  prototype.match = function match(this: TreeRegexpShape, text: string) {
    const { regexp } = this;
    if (/[gy]/.test(regexp.flags)) return polyfilled.call(this, text);
    let native = withIndices.get(regexp);
    if (native === undefined) {
      native = new RegExp(regexp.source, regexp.hasIndices ? regexp.flags : `${regexp.flags}d`);
      withIndices.set(regexp, native);
    }
    const found = native.exec(text);
    if (found === null) return null;
    let groupIndex = 0;
    return this.groupBuilder.build(found, () => groupIndex++);
  };
  prototype[NATIVE] = true;
  return true;
}

/** The cucumber-expressions module `@cucumber/cucumber` requires (its CommonJS copy), or undefined when it cannot be found. */
function cucumbersExpressions(): ExpressionsModule | undefined {
  try {
    const fromHere = createRequire(import.meta.url);
    const fromCucumber = createRequire(fromHere.resolve('@cucumber/cucumber'));
    return fromCucumber('@cucumber/cucumber-expressions') as ExpressionsModule;
  } catch {
    return undefined;
  }
}
