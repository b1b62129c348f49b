// The tarball figures of docs/packages.md (files, size packed and unpacked, per package) sit
// between markers, `<!-- package:mock-files -->188<!-- /package -->`: `npm run docs:packages`
// writes them from a real pack, and test/packages/packed-packages.test.ts compares them with its own.
import { readMarkedFigures, writeMarkedFigures } from '../docs/figure-markers.js';
import type { PackageName, Packed } from './pack-packages.js';

const kb = (bytes: number) =>
  `${Math.round(bytes / 1000)
    .toLocaleString('en-US')
    .replace(/,/g, ' ')} kB`;

/** `mock-files` → `188`, `mock-packed` → `111 kB`, `mock-unpacked` → `503 kB`, for each package. */
export function tarballFigures(packed: Readonly<Record<PackageName, Packed>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(packed).flatMap(([name, tarball]) => [
      [`${name}-files`, String(tarball.files.length)],
      [`${name}-packed`, kb(tarball.bytes)],
      [`${name}-unpacked`, kb(tarball.unpackedBytes)],
    ]),
  );
}

/** Every marked figure of the document: name → what is written. */
export function readPackageFigures(markdown: string): Record<string, string> {
  return Object.fromEntries(readMarkedFigures(markdown, 'package').map((f) => [f.name, f.written]));
}

/** The document with each marked figure written from `figures`; an unknown name is an error. */
export function writePackageFigures(markdown: string, figures: Readonly<Record<string, string>>): string {
  return writeMarkedFigures(markdown, figures, 'package', 'package figure');
}
