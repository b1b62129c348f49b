// Running the docs' code examples as written (src/client/readme-*.test.ts, test/docs/).
import { spawn } from 'node:child_process';

/** The block of `language` that follows the marker line (`<!-- example: NAME -->`), or an error saying what is missing. */
export function extractDocExample(markdown: string, marker: string, language: 'ts' | 'sh' = 'ts'): string {
  const at = markdown.indexOf(marker);
  if (at === -1) throw new Error(`the page has no ${marker} block`);
  const match = new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, 'm').exec(markdown.slice(at + marker.length));
  if (!match?.[1]) throw new Error(`the page has ${marker} but no \`\`\`${language} block after it`);
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
