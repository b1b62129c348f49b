// What must not be in a tarball: the files that exist only to test or to build the kit. A
// package runs built JavaScript (declarations are fine) and carries no tests, no test helpers
// and no mutation report.

/** Why each kind of file does not ship, and how to recognise it by its path in the tarball. */
const UNSHIPPABLE: Array<[string, RegExp]> = [
  ['test file', /\.test\.[cm]?[jt]s$|\.spec\.[cm]?[jt]s$/],
  ['TypeScript source', /(?<!\.d)\.[cm]?ts$/],
  ['test helper', /(^|\/)(test|tests|__tests__)\/|(^|\/)test-server\.|for-tests\.|(^|\/)test-support\//],
  ['mutation report', /(^|\/)SURVIVORS\.md$|(^|\/)mutation\/|stryker/i],
  ['TypeScript configuration', /(^|\/)tsconfig(\.[\w-]+)?\.json$/],
];

/** The tarball's files that should not be there, each with the reason (`path: why`). */
export function unshippableFiles(files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const reason = UNSHIPPABLE.find(([, pattern]) => pattern.test(file))?.[0];
    return reason === undefined ? [] : [`${file}: ${reason}`];
  });
}

/** An .mjs script that imports each specifier in plain Node and prints `<specifier> <export count>`. */
export function importEverySource(specifiers: readonly string[]): string {
  return specifiers.map((specifier) => `console.log(${JSON.stringify(specifier)}, Object.keys(await import(${JSON.stringify(specifier)})).length);`).join('\n');
}

/** The importable entries of an `exports` map as specifiers (`mgmt-kit`, `mgmt-kit/mock`, …). */
export function entrySpecifiers(name: string, exports: Record<string, unknown>): string[] {
  return Object.keys(exports)
    .filter((subpath) => subpath !== './package.json')
    .map((subpath) => `${name}${subpath.slice(1)}`);
}
