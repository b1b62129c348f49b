// The Playwright project of the fixture's own tests (mgmt-kit/playwright): two workers, the
// headless Chromium that ships inside the @sparticuz/chromium npm package (nothing downloaded).
// playwright-fixture.test.ts runs it in npm test; by hand:
//   npx playwright test -c test/playwright/playwright.config.ts --workers 2
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import chromiumBinary from '@sparticuz/chromium';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from '../support/launch-chromium.js';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Traces and error pages of failed tests go outside the repository.
  outputDir: join(tmpdir(), 'mgmt-kit-playwright-results'),
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: await chromiumBinary.executablePath(), args: CHROMIUM_ARGS },
  },
});
