import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Feature tags whose scenarios each send hundreds of requests (features/volume.feature: 265 per
 * scenario, a quarter of a core run's requests in three scenarios).
 */
export const LONG_FEATURE_TAGS: readonly string[] = ['@volume'];

/** The feature's own tags: the tag lines above `Feature:` (every scenario of the file inherits them). */
export function featureTags(text: string): string[] {
  const featureAt = text.search(/^[ \t]*Feature:/m);
  const head = featureAt < 0 ? '' : text.slice(0, featureAt);
  return head
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('@'))
    .flatMap((line) => line.replace(/\s#.*$/, '').split(/\s+/))
    .filter((tag) => tag.startsWith('@'));
}

/**
 * The run's feature paths with the `.feature` files of `featuresDir` (relative to the run's
 * cwd) that carry a LONG_FEATURE_TAGS tag put first. With --parallel, cucumber hands out the
 * scenarios in the order of these paths (each file once, where it first appears): a long
 * scenario handed out last would run on while every other worker has finished. The files put
 * first must be ones the paths already select (the conformance profiles select every file of
 * features/, cucumber.js); the tag expression still decides which of their scenarios run.
 */
export function longFeaturesFirst(paths: readonly string[], cwd: string, featuresDir = 'features'): string[] {
  const long = readdirSync(join(cwd, featuresDir))
    .filter((file) => file.endsWith('.feature'))
    .sort()
    .filter((file) => featureTags(readFileSync(join(cwd, featuresDir, file), 'utf8')).some((tag) => LONG_FEATURE_TAGS.includes(tag)))
    .map((file) => `${featuresDir}/${file}`);
  return [...long, ...paths];
}
