// Running the README's code examples as written (src/client/readme-*.test.ts).
import { spawn } from 'node:child_process';

/** The ```ts block that follows the marker line (`<!-- example: NAME -->`), or an error saying what is missing. */
export function extractReadmeExample(markdown: string, marker: string): string {
  const at = markdown.indexOf(marker);
  if (at === -1) throw new Error(`README has no ${marker} block`);
  const match = /^```ts\n([\s\S]*?)^```/m.exec(markdown.slice(at + marker.length));
  if (!match?.[1]) throw new Error(`README has ${marker} but no \`\`\`ts block after it`);
  return match[1];
}

/** Runs node with the arguments in `cwd`; resolves to its exit status and output (killed after 60 s). */
export function runNode(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
