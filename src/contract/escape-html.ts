/** Text made safe to put between HTML or XML tags or in a quoted attribute (junit files included). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The same escapes for XML: the four characters that matter between tags and in a double-quoted attribute. */
export const escapeXml = escapeHtml;
