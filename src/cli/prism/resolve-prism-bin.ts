import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The absolute path of `@stoplight/prism-cli`'s `prism` script, read from its package.json `bin`
 * in node_modules (never `npx`, which could fetch another version from the registry).
 */
export function resolvePrismBin(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.['prism'];
  if (bin === undefined) throw new Error(`@stoplight/prism-cli at ${manifestPath} declares no prism binary`);
  return join(dirname(manifestPath), bin);
}
