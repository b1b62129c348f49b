import { writeFileSync } from 'node:fs';
import { benchEvents } from '../src/bench/bench-data.js';
import { readSeedFile } from '../src/cli/read-seed-file.js';
import { startReferenceServer } from '../src/reference-server/index.js';
const mb = (b: number) => (b / 1e6).toFixed(1);
const show = (label: string) => { const m = process.memoryUsage(); console.log(`${label}: rss ${mb(m.rss)} heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} external ${mb(m.external)}`); };
if (process.argv[2] === 'gen') { writeFileSync('/tmp/h3/ev100k.json', JSON.stringify({ event: benchEvents(100000) })); process.exit(0); }
await new Promise((r) => setTimeout(r, 100));
show('start');
const seed = readSeedFile('/tmp/h3/ev100k.json');
show('seed read');
if (!seed.ok) throw new Error(seed.error);
const s = await startReferenceServer({ port: 0, auth: { secret: 's' }, seed: seed.seed, preload: false });
show('server');
await new Promise((r) => setTimeout(r, 2000));
show('after 2 s');
globalThis.gc?.(); show('after gc');
await s.close();
