/** The reference server a `--self-test` run is pointed at, and the secret its tokens are signed with. */
export interface SelfTestServer {
  url: string;
  secret: string;
}

/**
 * Starts the reference server for a self-test run — loopback, a free port, a fresh secret — says
 * where on `out`, lets `use` run against it, and closes it afterwards, whether `use` resolves or
 * throws. The server is loaded only here, so commands that do not self-test never pay for it.
 */
export async function withSelfTestServer<T>(command: string, out: NodeJS.WritableStream, use: (server: SelfTestServer) => Promise<T>): Promise<T> {
  const { generateSecret, startReferenceServer } = await import('../reference-server/index.js');
  const secret = generateSecret();
  const server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } });
  out.write(`mgmt-kit ${command} --self-test: reference server at ${server.url}\n`);
  try {
    return await use({ url: server.url, secret });
  } finally {
    await server.close();
  }
}
