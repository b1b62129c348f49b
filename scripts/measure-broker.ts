// What a turn at the connection cap costs a conformance run with --parallel: before each request a
// worker asks the run's broker for a turn (a line each way) and after it hands the turn back (one
// line). Prints, in one run, the CPU of the worker and of the broker per turn through the kit's
// broker, and for one line each way over TCP loopback and over the local socket the broker uses,
// with their ratio: the transport alone, which the broker moved from the first to the second.
//
// npm run bench:broker [-- --turns 5000]
import { fork } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { plainConnection } from '../src/connection/connection-settings.js';
import { createRunCoordinator, remoteCoordinator, startConnectionBroker, type BrokerAddress } from '../src/connection/run-coordinator.js';

const { values } = parseArgs({ options: { turns: { type: 'string', default: '5000' }, child: { type: 'string' } }, strict: true });
const turns = Number(values.turns);
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
type Measured = { cpuMs: number; wallMs: number };

/** The worker's side, in a process of its own as a conformance worker is: `kit` asks the broker, the others send a line and wait for one. */
async function asChild(role: string): Promise<Measured> {
  const started = performance.now();
  const since = process.cpuUsage();
  if (role.startsWith('kit ')) {
    const coordinator = remoteCoordinator(JSON.parse(role.slice(4)) as BrokerAddress);
    for (let turn = 0; turn < turns; turn++) (await coordinator.permit())?.();
    const measured = { cpuMs: cpuMs(since), wallMs: performance.now() - started };
    await coordinator.close();
    return measured;
  }
  const socket = role.startsWith('tcp ')
    ? connect(Number(role.slice(4)), '127.0.0.1').setNoDelay(true)
    : connect(JSON.parse(role.slice('local '.length)) as string);
  socket.setEncoding('utf8');
  for (let turn = 0; turn < turns; turn++) {
    const answered = new Promise((resolve) => socket.once('data', resolve));
    socket.write(`${JSON.stringify({ n: turn, op: 'permit' })}\n`);
    await answered;
  }
  socket.end();
  return { cpuMs: cpuMs(since), wallMs: performance.now() - started };
}

/** Runs the worker's side in a child (tsx loaded there: npm run registers it in this process only) and measures this process's CPU meanwhile. */
async function measure(role: string): Promise<{ worker: Measured; brokerCpuMs: number }> {
  const since = process.cpuUsage();
  const child = fork(process.argv[1]!, ['--turns', String(turns), '--child', role], { execArgv: ['--import', 'tsx'] });
  const worker = await new Promise<Measured>((resolve) => child.once('message', (message) => resolve(message as Measured)));
  return { worker, brokerCpuMs: cpuMs(since) };
}

/** A line answered with a line, as the broker answers a permit: the transport alone, without the kit's code. */
async function echoServer(local: string | undefined): Promise<{ where: string; close(): void }> {
  const server = createServer((socket: Socket) => {
    if (local === undefined) socket.setNoDelay(true);
    socket.setEncoding('utf8').on('data', () => socket.write(`${JSON.stringify({ n: 0, id: '0' })}\n`));
  });
  await new Promise<void>((resolve) => (local === undefined ? server.listen(0, '127.0.0.1', resolve) : server.listen(local, resolve)));
  const address = server.address();
  // JSON: an abstract socket's name starts with a NUL, which no argument of a process may hold.
  const where = typeof address === 'object' && address !== null ? `tcp ${address.port}` : `local ${JSON.stringify(local)}`;
  return { where, close: () => server.close() };
}

if (values.child !== undefined) {
  process.send!(await asChild(values.child));
  process.exit(0);
}

const perTurn = (ms: number) => `${((ms / turns) * 1000).toFixed(0)} µs`;
const line = (name: string, { worker, brokerCpuMs }: { worker: Measured; brokerCpuMs: number }) =>
  `${name.padEnd(30)} worker ${perTurn(worker.cpuMs)} CPU, broker ${perTurn(brokerCpuMs)} CPU, ${perTurn(worker.wallMs)} a turn`;

const broker = await startConnectionBroker(createRunCoordinator({ ...plainConnection('http://target', { token: 't' }), maxConnections: 6 }));
const kit = await measure(`kit ${JSON.stringify({ path: broker.path, key: broker.key, refreshable: broker.refreshable })}`);
await broker.close();

const tcp = await echoServer(undefined);
const overTcp = await measure(tcp.where);
tcp.close();
// Where the kit's broker listened (run-coordinator.ts: abstract on Linux, a named pipe on Windows, a file elsewhere), free again once it closed.
const local = await echoServer(broker.path);
const overLocal = await measure(local.where);
local.close();

console.log(`${turns} turns, one after another, each in a worker process of its own (Node ${process.version}):`);
console.log(line('the kit broker (local socket)', kit));
console.log(line('a line each way, TCP', overTcp));
console.log(line('a line each way, local socket', overLocal));
const ratio = (a: number, b: number) => (a / b).toFixed(2);
console.log(
  `local socket / TCP: worker CPU ${ratio(overLocal.worker.cpuMs, overTcp.worker.cpuMs)}, broker CPU ${ratio(overLocal.brokerCpuMs, overTcp.brokerCpuMs)}, time a turn ${ratio(overLocal.worker.wallMs, overTcp.worker.wallMs)}`,
);
