/** Where a command writes, and the environment its flags fall back to: the process's own unless a test gives others. */
export interface CommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}
