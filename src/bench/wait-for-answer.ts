import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { headers, timeout: 10_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** Polls a GET until it answers 200 (Prism needs a few seconds for its first answer); throws after `waitMs`. */
export async function waitForAnswer(url: string, headers: Record<string, string>, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  let status = 0;
  while (Date.now() < deadline) {
    status = await statusOf(url, headers);
    if (status === 200) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${waitMs} ms (last status ${status})`);
}
