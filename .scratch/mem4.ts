import { readFileSync } from 'node:fs';
import { deepFreeze, findSeedProblems, getSharedRecordValidator, startReferenceServer, type SeedData } from '../src/reference-server/index.js';
const mb = (b: number) => (b / 1e6).toFixed(1);
const show = (l: string) => { const m = process.memoryUsage(); console.log(`${l.padEnd(12)} rss ${mb(m.rss)} heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} ext ${mb(m.external)}`); };
const steps = (process.argv[2] ?? 'validate,freeze,core').split(',');
getSharedRecordValidator();
show('start');
const text = readFileSync('/tmp/h3/ev100k.json', 'utf8');
let seed = JSON.parse(text) as SeedData; show('parsed');
if (steps.includes('validate')) { findSeedProblems(seed, getSharedRecordValidator()); show('validated'); }
if (steps.includes('freeze')) { seed = deepFreeze(seed); show('frozen'); }
if (steps.includes('core')) { const s = await startReferenceServer({ port: 0, seed, preload: false }); show('server'); }
await new Promise((r) => setTimeout(r, 10000)); show('10s');
(globalThis as { gc?: () => void }).gc?.(); show('gc');
process.exit(0);
