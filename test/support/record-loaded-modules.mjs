// Preload (`node --import`) for tests of what a command loads: every module the process loads,
// ES modules through a loader hook and CommonJS ones from require's cache, is written one per
// line to the file named by MGMT_KIT_LOADED_MODULES when the process exits.
import { createRequire, register } from 'node:module';
import { appendFileSync, writeFileSync } from 'node:fs';

const out = process.env.MGMT_KIT_LOADED_MODULES;
if (out) {
  writeFileSync(out, '');
  register(new URL('./record-loaded-modules-hooks.mjs', import.meta.url), { data: { out } });
  const require = createRequire(import.meta.url);
  process.on('exit', () =>
    appendFileSync(
      out,
      Object.keys(require.cache)
        .map((path) => `${path}\n`)
        .join(''),
    ),
  );
}
