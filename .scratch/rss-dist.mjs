const mb = () => (process.memoryUsage().rss/1e6).toFixed(1);
const out = [`start ${mb()}`];
const m = await import(process.argv[2]);
out.push(`import ${mb()}`);
m.getSharedRecordValidator(); out.push(`validator ${mb()}`);
const s = await m.startReferenceServer({port:0, auth:{secret:'x'}}); out.push(`server ${mb()}`);
await s.close();
const h = process.memoryUsage(); out.push(`heapUsed ${(h.heapUsed/1e6).toFixed(1)} heapTotal ${(h.heapTotal/1e6).toFixed(1)}`);
console.log(out.join('\n'));
