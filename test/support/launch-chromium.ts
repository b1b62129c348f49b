// Headless Chromium for the browser tests, taken from npm (`@sparticuz/chromium` ships the
// binary inside its tarball), so `npm ci` is the whole set-up: no apt step, no download.
import chromiumBinary from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';

// Our own flags, not the package's defaults: those include --disable-web-security (which would
// hide CORS from the tests that check it) and --single-process (which service workers dislike).
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--no-zygote',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
];

/**
 * Launches the npm-shipped headless Chromium with playwright-core. On a fresh machine the first test files to launch
 * it unpack it at once: one may find the binary still being written by another (ETXTBSY) and tries again.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = await chromiumBinary.executablePath();
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    } catch (error) {
      if (attempt === 10 || !String((error as Error).message).includes('ETXTBSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
