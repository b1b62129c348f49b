import v8 from 'node:v8';
import vm from 'node:vm';
const mode = process.argv[2];
const { readFileSync } = await import('node:fs');
const mb = (b) => (b / 1e6).toFixed(1);
const rss0 = process.memoryUsage().rss;
const records = JSON.parse(readFileSync('/tmp/h3/ev100k.json', 'utf8')).event;
for (const r of records) Object.freeze(r);
const m = new Map(); for (const r of records) m.set(r.id, r);
if (mode === 'flag') { v8.setFlagsFromString('--expose-gc'); const gc = vm.runInNewContext('gc'); gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }); }
if (mode === 'plain') { v8.setFlagsFromString('--expose-gc'); const gc = vm.runInNewContext('gc'); gc(); }
const out = [];
for (let i = 0; i < 10; i++) { await new Promise((r) => setTimeout(r, 1000)); out.push(mb(process.memoryUsage().rss - rss0)); }
console.log(mode, 'rss delta', out.join(' '), 'heapTotal', mb(process.memoryUsage().heapTotal), v8.getHeapSpaceStatistics().filter(s=>s.space_size>1e6).map(s=>`${s.space_name}:${mb(s.space_size)}`).join(' '));
