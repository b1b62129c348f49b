import { readFileSync } from 'node:fs';
const prof = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const dt = (prof.endTime - prof.startTime) / prof.samples.length / 1000; // ms per sample
const buckets = new Map(); let idle = 0;
for (const id of prof.samples) { const n = byId.get(id); const cf = n.callFrame; if (cf.functionName === '(idle)') { idle++; continue; } const u = cf.url; const b = u === '' ? cf.functionName : u.includes('node_modules/') ? u.replace(/^.*node_modules\//, '').split('/').slice(0, u.includes('@') ? 2 : 1).join('/') : u.startsWith('node:') ? 'node:' + u.split(/[:/]/)[1] : u.replace(/^.*h3-perf\//, '').split('/').slice(0, 2).join('/'); buckets.set(b, (buckets.get(b) ?? 0) + 1); }
const busy = prof.samples.length - idle;
console.log(`wall ${((prof.endTime - prof.startTime) / 1e6).toFixed(1)} s, busy ${(busy * dt / 1000).toFixed(2)} s`);
for (const [k, v] of [...buckets].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`  ${(v * dt).toFixed(0)} ms ${k}`);
