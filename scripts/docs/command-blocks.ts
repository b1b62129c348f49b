// Every command block of the docs is run by a test or says why it cannot be: the comment before
// it is `<!-- example: NAME -->`, and some *.test.ts names that marker, or
// `<!-- illustrative: REASON -->`. Output, JSON and YAML blocks are not commands.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCodeBlocks } from './markdown-parts.js';

const COMMAND_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console', 'ts', 'typescript', 'js', 'javascript', 'mjs']);
const TEST_ROOTS = ['src', 'steps', 'scripts', 'test'];

/** The example names some test file mentions as a marker, `<!-- example: NAME -->`. */
export function examplesNamedByTests(root: string): Set<string> {
  const names = new Set<string>();
  for (const dir of TEST_ROOTS) {
    for (const path of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!path.endsWith('.test.ts') || path.split('/').some((part) => part === 'node_modules' || part.startsWith('.'))) continue;
      for (const match of readFileSync(join(root, dir, path), 'utf8').matchAll(/<!-- example: ([\w-]+) -->/g)) names.add(match[1]!);
    }
  }
  return names;
}

/** The command blocks of a document that no test runs and no marker excuses, as `file:line: why`. */
export function unaccountedCommandBlocks(file: string, markdown: string, examplesRun: ReadonlySet<string>): string[] {
  return readCodeBlocks(markdown)
    .filter((block) => COMMAND_LANGUAGES.has(block.language))
    .flatMap((block) => {
      const where = `${file}:${block.line} (\`\`\`${block.language})`;
      if (!block.marker) return [`${where}: no <!-- example: NAME --> or <!-- illustrative: REASON --> before it`];
      if (block.marker.kind === 'example' && !examplesRun.has(block.marker.value)) {
        return [`${where}: example "${block.marker.value}" is run by no test (no *.test.ts names its marker)`];
      }
      return [];
    });
}
