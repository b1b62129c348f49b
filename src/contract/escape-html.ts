/** Text made safe to put between HTML or XML tags or in a quoted attribute (junit files included). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The same escapes for XML: the four characters that matter between tags and in a double-quoted attribute. */
export const escapeXml = escapeHtml;

/** Text as a CDATA section: a `]]>` in it is split across two sections. */
export const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
