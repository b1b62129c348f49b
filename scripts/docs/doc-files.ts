// The Markdown files the docs checks read: the README, the contributor files, every page under
// docs/ and the rule matrix (which the summary reports and the pages link to).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const TOP_LEVEL = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'features/RULES.md'];

/** Repository-relative paths of the checked Markdown files, sorted. */
export function listDocFiles(root: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) pages.push(relative(root, path));
    }
  };
  walk(join(root, 'docs'));
  return [...TOP_LEVEL.filter((file) => existsSync(join(root, file))), ...pages].sort();
}
