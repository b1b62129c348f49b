import { readFileSync, openSync, readSync, closeSync } from 'node:fs';
const mode = process.argv[2];
const mb = (b) => (b / 1e6).toFixed(1);
const rss0 = process.memoryUsage().rss;
let records;
if (mode === 'whole') {
  records = JSON.parse(readFileSync('/tmp/h3/ev100k.json', 'utf8')).event;
} else {
  // per-record: split on the known layout (scratch only): each record is {...} without nested braces
  records = [];
  const fd = openSync('/tmp/h3/ev100k.json', 'r'); const buf = Buffer.alloc(65536); let rest = '';
  let n;
  while ((n = readSync(fd, buf, 0, buf.length, null)) > 0) {
    rest += buf.toString('utf8', 0, n);
    let start = rest.indexOf('{', 1), end;
    let last = 0;
    while (start !== -1 && (end = rest.indexOf('}', start)) !== -1) { records.push(JSON.parse(rest.slice(start, end + 1))); last = end + 1; start = rest.indexOf('{', last); }
    rest = rest.slice(last);
  }
  closeSync(fd);
}
for (const r of records) Object.freeze(r);
const m = new Map(); for (const r of records) m.set(r.id, r);
const out = [];
for (let i = 0; i < 10; i++) { await new Promise((r) => setTimeout(r, 1000)); out.push(mb(process.memoryUsage().rss - rss0)); }
console.log(mode, records.length, 'rss delta', out.join(' '), 'heapTotal', mb(process.memoryUsage().heapTotal));
