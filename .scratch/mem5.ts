import v8 from 'node:v8';
import { readSeedFile } from '../src/cli/read-seed-file.js';
import { getSharedRecordValidator, startReferenceServer } from '../src/reference-server/index.js';
const mb = (b: number) => (b / 1e6).toFixed(1);
const show = (l: string) => {
  const m = process.memoryUsage();
  const spaces = v8.getHeapSpaceStatistics().map((s) => `${s.space_name.replace('_space', '')}:${mb(s.space_size)}/${mb(s.space_used_size)}`).join(' ');
  console.log(`${l.padEnd(8)} rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} | ${spaces}`);
};
getSharedRecordValidator();
show('start');
const seed = readSeedFile('/tmp/h3/ev100k.json');
show('read');
if (!seed.ok) throw new Error('bad');
await startReferenceServer({ port: 0, seed: seed.seed, preload: false });
show('server');
(globalThis as { gc?: () => void }).gc?.(); show('gc');
await new Promise((r) => setTimeout(r, 9000)); show('9s');
process.exit(0);
