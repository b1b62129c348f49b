const mb = () => (process.memoryUsage().rss/1e6).toFixed(1);
const out = [`start ${mb()}`];
for (const s of process.argv.slice(2)) { await import(s); out.push(`${s} ${mb()}`); }
console.log(out.join('\n'));
