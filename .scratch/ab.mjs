// node .scratch/ab.mjs reps  -> alternates ceiling / reference(src via CLI) / reference(dist) GET by id
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
const { register } = await import('tsx/esm/api'); register();
const { mintToken } = await import('../src/reference-server/index.ts');
const token = await mintToken({ secret: 'bench-secret', expiresIn: '1h' });
const targets = {
  ceiling: ['--import', 'tsx', 'src/bench/ceiling-main.ts'],
  src: ['bin/mgmt-kit.js', 'serve', '--port', '0', '--quiet', '--jwt-secret', 'bench-secret'],
  dist: ['.scratch/dist-serve.mjs', `${process.cwd()}/dist/reference-server/index.js`],
};
const pick = (process.env.T ?? 'ceiling,src,dist').split(',');
const path = process.env.P ?? '/type/network-link/p2p';
const res = Object.fromEntries(pick.map((k) => [k, []]));
for (let i = 0; i < Number(process.argv[2] ?? 3); i++) for (const k of pick) {
  const child = spawn(process.execPath, targets[k], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((r) => { let t = ''; child.stdout.on('data', (c) => { t += c; const m = /(?:listening|ready) on (http:\/\/\S+)/.exec(t); if (m) r(m[1]); }); });
  const cpu = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
  const req = { method: 'GET', path, headers: { authorization: `Bearer ${token}` } };
  await autocannon({ url, connections: 32, duration: 1, requests: [req] });
  const c0 = cpu(); const r = await autocannon({ url, connections: 32, duration: 3, requests: [req] }); const c1 = cpu();
  res[k].push([1000 * (c1 - c0) / r.requests.total, r.requests.total / r.duration]);
  child.kill('SIGTERM'); await new Promise((r) => child.on('exit', r));
}
for (const [k, v] of Object.entries(res)) { const cpus = v.map((x) => x[0]).sort((a, b) => a - b); const rps = v.map((x) => x[1]).sort((a, b) => a - b);
  console.log(`${k.padEnd(8)} CPU µs/req min ${cpus[0].toFixed(1)} median ${cpus[Math.floor(cpus.length / 2)].toFixed(1)} | req/s max ${Math.round(rps.at(-1))} median ${Math.round(rps[Math.floor(rps.length / 2)])}`); }
