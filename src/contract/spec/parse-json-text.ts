/**
 * JSON.parse for the kit's own input files (baselines, coverage summaries): a value, or the
 * few words a usage error prints, so no caller repeats the try/catch and its wording.
 */
export function parseJsonText(text: string): { ok: true; data: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: `not valid JSON (${(error as Error).message})` };
  }
}
