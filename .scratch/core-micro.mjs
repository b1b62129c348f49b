const m = await import(`${process.cwd()}/dist/reference-server/index.js`);
const core = m.createReferenceCore({ auth: { secret: 'bench-secret' } });
const token = await m.mintToken({ secret: 'bench-secret', expiresIn: '1h' });
const req = { method: 'GET', path: '/type/network-link/p2p', headers: { authorization: `Bearer ${token}`, host: '127.0.0.1:1234', connection: 'keep-alive' } };
for (let round = 0; round < 3; round++) {
  const n = 300000; const t = performance.now();
  for (let i = 0; i < n; i++) { const r = await core.handle(req); if (round === 2 && i === 0) JSON.stringify(r.body); }
  const el = performance.now() - t;
  const t2 = performance.now();
  for (let i = 0; i < n; i++) { const r = await core.handle(req); Buffer.from(JSON.stringify(r.body)); }
  console.log(`handle ${(1000 * el / n).toFixed(2)} µs; handle+serialize ${(1000 * (performance.now() - t2) / n).toFixed(2)} µs`);
}
