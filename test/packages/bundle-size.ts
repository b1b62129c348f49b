// The browser cost of an import: esbuild bundles it as an app's bundler would (ESM, browser
// platform, minified), and the result is gzipped.
import { gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Bytes of one minified browser bundle, raw and gzipped, and its text (to look for what must not be in it). */
export interface BundleSize {
  bytes: number;
  gzipBytes: number;
  text: string;
}

/** Bundles `source` (an entry module written into `dir`, resolving from its node_modules). */
export async function measureBundle(dir: string, name: string, source: string): Promise<BundleSize> {
  const entry = join(dir, name);
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild wrote nothing for ${name}`);
  return { bytes: output.contents.byteLength, gzipBytes: gzipSync(output.contents, { level: 9 }).byteLength, text: output.text };
}
