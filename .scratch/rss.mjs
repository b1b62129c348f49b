const steps = process.argv.slice(2);
const mb = () => (process.memoryUsage().rss/1e6).toFixed(1);
const out = [`start ${mb()}`];
const { register } = await import('tsx/esm/api');
register();
out.push(`tsx ${mb()}`);
for (const s of steps) {
  const t = performance.now();
  const m = await import(s);
  out.push(`${s.split('/').pop()} ${mb()} (${(performance.now()-t).toFixed(0)}ms)`);
  if (s.endsWith('reference-server/index.ts')) { m.getSharedRecordValidator(); out.push(`validator ${mb()}`); const c = m.createReferenceCore({}); out.push(`core ${mb()}`); }
}
const h = process.memoryUsage(); out.push(`heapUsed ${(h.heapUsed/1e6).toFixed(1)} heapTotal ${(h.heapTotal/1e6).toFixed(1)} ext ${(h.external/1e6).toFixed(1)} ab ${(h.arrayBuffers/1e6).toFixed(1)}`);
console.log(out.join('\n'));
