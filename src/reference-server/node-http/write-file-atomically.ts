import { open, rename, rm } from 'node:fs/promises';

/**
 * Where {@link writeFileAtomically} writes before renaming: beside the file (a rename is atomic
 * only within one file system), under one fixed name, so a write cut short by `kill -9` leaves
 * one stale file that the next write overwrites rather than a new one per run.
 */
export function temporaryPathFor(file: string): string {
  return `${file}.tmp`;
}

/**
 * Replaces `file` with `text` so that a reader — or the next start after the process was killed
 * at any moment — sees either the old content or the new one, never a mix or a truncated file:
 * the text goes to {@link temporaryPathFor}, is flushed to the disk, and is renamed over `file`.
 * On failure the temporary file is removed and `file` is left as it was.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temporary = temporaryPathFor(file);
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      // Without it a power cut right after the rename could leave an empty file on some file systems.
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
