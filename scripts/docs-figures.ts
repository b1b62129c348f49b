// npm run docs:figures — writes the suite's counts (scenarios per profile and tag, rules of
// features/RULES.md) into every `<!-- figures:NAME -->…<!-- /figures -->` marker of the docs.
// With --check it writes nothing and exits 1 when a written figure differs from the suite.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listDocFiles } from './docs/doc-files.js';
import { readMarkedFigures, writeMarkedFigures } from './docs/figure-markers.js';
import { countSuiteFigures } from './docs/suite-figures.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
const figures = countSuiteFigures(root);
let stale = 0;
for (const file of listDocFiles(root)) {
  const path = join(root, file);
  const markdown = readFileSync(path, 'utf8');
  const updated = writeMarkedFigures(markdown, figures);
  if (updated === markdown) continue;
  for (const figure of readMarkedFigures(markdown)) {
    const want = String(figures[figure.name as keyof typeof figures]);
    if (figure.written !== want) {
      stale += 1;
      console.log(`${file}:${figure.line}: ${figure.name} is ${figure.written}, the suite has ${want}`);
    }
  }
  if (!check) writeFileSync(path, updated);
}
console.log(check ? `docs:figures: ${stale} stale figure(s)` : `docs:figures: ${stale} figure(s) updated`);
if (check && stale > 0) process.exit(1);
