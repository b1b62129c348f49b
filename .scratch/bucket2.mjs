import { readFileSync } from 'node:fs';
const prof = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const dt = (prof.endTime - prof.startTime) / prof.samples.length / 1000;
const self = new Map();
for (const id of prof.samples) { const cf = byId.get(id).callFrame; if (cf.functionName === '(idle)') continue; if (!cf.url.startsWith('node:')) continue; const k = `${cf.functionName} ${cf.url}`; self.set(k, (self.get(k) ?? 0) + 1); }
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${(v * dt).toFixed(0)} ms ${k}`);
