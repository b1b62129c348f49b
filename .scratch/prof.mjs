// usage: node .scratch/prof.mjs <label> <method> <path> [body] [seedfile]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
const [label, method, path, body, seed] = process.argv.slice(2);
const dir = `.scratch/prof-${label}`; rmSync(dir, { recursive: true, force: true }); mkdirSync(dir, { recursive: true });
const { register } = await import('tsx/esm/api'); register();
const { mintToken } = await import('../src/reference-server/index.ts');
const token = await mintToken({ secret: 'bench-secret', expiresIn: '1h' });
const args = ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'bin/mgmt-kit.js', 'serve', '--port', '0', '--quiet', '--jwt-secret', 'bench-secret', ...(seed ? ['--seed', seed] : [])];
const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((res) => { let t=''; child.stdout.on('data', (c) => { t += c; const m = /listening on (http:\/\/\S+)/.exec(t); if (m) res(m[1]); }); });
let n = 0;
const req = { method, path, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body ? { body } : {}) };
if (path.includes('{n}')) req.setupRequest = (r) => ({ ...r, path: path.replace('{n}', String(n++)) });
await autocannon({ url, connections: 32, duration: 1, requests: [req], idReplacement: true });
const cpu = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const c0 = cpu();
const r = await autocannon({ url, connections: 32, duration: 5, requests: [req], idReplacement: true });
const c1 = cpu();
console.log(`${label}: ${(1000 * (c1 - c0) / r.requests.total).toFixed(1)} µs CPU/req, ${Math.round(r.requests.total / r.duration)} req/s, p50 ${r.latency.p50} p99 ${r.latency.p99}, statuses ${JSON.stringify(r.statusCodeStats)}`);
child.kill('SIGTERM'); await new Promise((res) => child.on('exit', res));
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const prof = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
const byId = new Map(prof.nodes.map((nd) => [nd.id, nd]));
const self = new Map(); const total = prof.samples.length;
for (const id of prof.samples) { const nd = byId.get(id); const cf = nd.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*h3-perf\//, '')}:${cf.lineNumber}`; self.set(key, (self.get(key) ?? 0) + 1); }
const buckets = new Map();
for (const id of prof.samples) { const u = byId.get(id).callFrame.url; const b = u === '' ? byId.get(id).callFrame.functionName : u.includes('node_modules/') ? u.replace(/^.*node_modules\//, '').split('/')[0] : u.startsWith('node:') ? u.split('/').slice(0,3).join('/') : u.replace(/^.*h3-perf\//, '').split('/').slice(0, 3).join('/'); buckets.set(b, (buckets.get(b) ?? 0) + 1); }
const pct = (v) => `${(100 * v / total).toFixed(1)}%`;
console.log('-- by bucket'); for (const [k, v] of [...buckets].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(pct(v), k);
console.log('-- top self'); for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 22)) console.log(pct(v), k);
