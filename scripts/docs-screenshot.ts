// npm run docs:screenshot — redraws docs/images/conformance-summary.png: a real
// `mgmt-kit conformance --self-test` run writes its HTML summary, and the headless Chromium of the
// browser tests (from npm) takes the first screen of it. Needs `npm run build` (the command runs dist/).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from '../test/support/launch-chromium.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const output = join(root, 'docs', 'images', 'conformance-summary.png');
const reportDir = mkdtempSync(join(tmpdir(), 'mgmt-kit-summary-'));
try {
  const run = spawnSync(process.execPath, [join(root, 'bin', 'mgmt-kit.js'), 'conformance', '--self-test', '--report-dir', reportDir], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`mgmt-kit conformance --self-test exited ${run.status}: the summary would show failures`);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(pathToFileURL(join(reportDir, 'conformance-summary.html')).href);
    mkdirSync(join(root, 'docs', 'images'), { recursive: true });
    await page.screenshot({ path: output });
  } finally {
    await browser.close();
  }
  console.log(`docs:screenshot: wrote ${output}`);
} finally {
  rmSync(reportDir, { recursive: true, force: true });
}
