// Each refused mistake of mistakes.ts gets the message its directive promises, under the repo's
// settings and under a consumer's plain strict ones, and nothing else in the file is an error.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { errorsWithoutDirectives, expectedErrors } from './expected-errors.js';

const file = fileURLToPath(new URL('mistakes.ts', import.meta.url));
const expected = expectedErrors(readFileSync(file, 'utf8'));

function repoOptions(): ts.CompilerOptions {
  const path = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
  const parsed = ts.getParsedCommandLineOfConfigFile(path, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!parsed) throw new Error('cannot read tsconfig.json');
  return parsed.options;
}

// What test/packages/consumer-project.ts compiles a consumer's file with (there with lib checks).
const consumerOptions: ts.CompilerOptions = {
  strict: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: [],
  noEmit: true,
  skipLibCheck: true,
};

describe('the mistakes of test/client-types/mistakes.ts', () => {
  it('each directive says what tsc answers', () => {
    assert.ok(expected.length >= 15, `${expected.length} mistakes`);
    assert.deepEqual(
      expected.filter((e) => e.messagePart === undefined).map((e) => e.line),
      [],
    );
  });
  for (const [settings, options] of [['the repository', repoOptions()], ["a consumer's plain strict"]] as const) {
    it(`read as promised under ${settings} settings`, () => {
      const errors = errorsWithoutDirectives(file, options ?? consumerOptions);
      for (const { line, messagePart } of expected) {
        const messages = errors.get(line) ?? [];
        assert.ok(
          messages.some((message) => message.includes(messagePart ?? '')),
          `line ${line}: expected a message containing\n  ${messagePart}\ngot\n  ${messages.join('\n  ') || '(no error)'}`,
        );
      }
      const unexpected = [...errors.keys()].filter((line) => !expected.some((e) => e.line === line));
      assert.deepEqual(unexpected, [], 'errors on lines without a directive');
    });
  }
});
