const m = await import(process.argv[2]);
const s = await m.startReferenceServer({ port: 0, auth: { secret: 'bench-secret' } });
console.log(`listening on ${s.url}`);
process.on('SIGTERM', () => s.close().then(() => process.exit(0)));
