/**
 * Where a command writes, and the exit code its action settles on (main.ts returns it): the
 * process's own streams unless a test gives others.
 */
export interface CommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  exitCode: number;
}
