import v8 from 'node:v8';
if (process.argv[2]) v8.setFlagsFromString(process.argv[2]);
await import('./ns-exp.mjs');
await new Promise((r) => setTimeout(r, 2000));
console.log('after 2 s rss', (process.memoryUsage().rss / 1e6).toFixed(1));
