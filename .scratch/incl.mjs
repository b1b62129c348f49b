import { readdirSync, readFileSync } from 'node:fs';
const [dir, ...names] = process.argv.slice(2);
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const prof = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const counts = new Map(); for (const s of prof.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const incl = new Map();
function inc(id) { const n = byId.get(id); let t = counts.get(id) ?? 0; for (const c of n.children ?? []) t += inc(c); incl.set(id, t); return t; }
inc(prof.nodes[0].id);
const idle = [...byId.values()].filter(n => n.callFrame.functionName === '(idle)').reduce((a, n) => a + (counts.get(n.id) ?? 0), 0);
const busy = prof.samples.length - idle;
const agg = new Map();
// inclusive per function name (avoid double count recursion: only count nodes whose ancestors don't share the name)
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
for (const n of prof.nodes) { const name = n.callFrame.functionName || '(anon)'; const key = `${name} ${n.callFrame.url.split('/').slice(-2).join('/')}`;
  let p = parent.get(n.id), rec = false; while (p !== undefined) { const pn = byId.get(p); if ((pn.callFrame.functionName||'(anon)') === name && pn.callFrame.url === n.callFrame.url) { rec = true; break; } p = parent.get(p); }
  if (!rec) agg.set(key, (agg.get(key) ?? 0) + incl.get(n.id)); }
console.log(`busy samples ${busy} of ${prof.samples.length}`);
const list = [...agg].filter(([k]) => names.length === 0 || names.some(n => k.startsWith(n + ' '))).sort((a,b)=>b[1]-a[1]).slice(0, 45);
for (const [k, v] of list) console.log((100*v/busy).toFixed(1)+'%', k);
