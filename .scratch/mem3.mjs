import { readFileSync } from 'node:fs';
const mb = (b) => (b / 1e6).toFixed(1);
const show = (l) => { const m = process.memoryUsage(); console.log(`${l}: rss ${mb(m.rss)} heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} ext ${mb(m.external)} ab ${mb(m.arrayBuffers)}`); };
show('start');
let text = readFileSync('/tmp/h3/ev100k.json', 'utf8'); show('text');
let seed = JSON.parse(text); show('parsed');
text = undefined; globalThis.gc?.(); show('gc');
await new Promise((r) => setTimeout(r, 3000)); show('3s');
console.log(seed.event.length);
