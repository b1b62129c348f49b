import { readdirSync, readFileSync } from 'node:fs';
const [dir, fname] = process.argv.slice(2);
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const prof = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map(); for (const s of prof.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
// inclusive counts per node
const incl = new Map();
function inc(id) { const n = byId.get(id); let t = counts.get(id) ?? 0; for (const c of n.children ?? []) t += inc(c); incl.set(id, t); return t; }
inc(prof.nodes[0].id);
const total = prof.samples.length;
const stacks = new Map();
for (const n of prof.nodes) if (n.callFrame.functionName === fname) {
  const chain = []; let id = n.id; while (id !== undefined) { const cf = byId.get(id).callFrame; chain.push(`${cf.functionName||'(anon)'}@${cf.url.split('/').pop()}:${cf.lineNumber}`); id = parent.get(id); }
  const k = chain.slice(0, 12).join(' < '); stacks.set(k, (stacks.get(k) ?? 0) + incl.get(n.id));
}
for (const [k, v] of [...stacks].sort((a,b)=>b[1]-a[1]).slice(0,5)) console.log((100*v/total).toFixed(1)+'%', k, '\n');
