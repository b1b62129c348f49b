import { readFileSync } from 'node:fs';
const m = await import(`${process.cwd()}/dist/reference-server/index.js`);
let seed;
if (process.argv[2]) { seed = JSON.parse(readFileSync(process.argv[2], 'utf8')); const p = m.findSeedProblems(seed, m.getSharedRecordValidator()); if (p.length) throw new Error(p[0]); m.deepFreeze(seed); }
const s = await m.startReferenceServer({ port: 0, auth: { secret: 's' }, preload: false, ...(seed ? { seed } : {}) });
seed = undefined;
console.log(`listening on ${s.url}`);
setInterval(() => {}, 1000);
