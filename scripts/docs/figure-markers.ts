// Figures in the docs sit between markers, `<!-- figures:scenarios -->454<!-- /figures -->` (the
// suite's counts) or `<!-- package:mock-files -->188<!-- /package -->` (docs/packages.md), so a
// script can write them from what they count and a test can compare them with it.

/** One marked figure as the document has it. */
export interface MarkedFigure {
  name: string;
  written: string;
  line: number;
}

const marked = (tag: string) => new RegExp(`<!-- ${tag}:([\\w-]+) -->(.*?)<!-- \\/${tag} -->`, 'g');

/** Every marked figure of a document, in order. */
export function readMarkedFigures(markdown: string, tag = 'figures'): MarkedFigure[] {
  return [...markdown.matchAll(marked(tag))].map((match) => ({
    name: match[1]!,
    written: match[2]!,
    line: markdown.slice(0, match.index).split('\n').length,
  }));
}

/** The document with each marked figure replaced by its value; a name without a value is an error. */
export function writeMarkedFigures(markdown: string, values: Readonly<Record<string, number | string>>, tag = 'figures', what = 'figure'): string {
  return markdown.replace(marked(tag), (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no ${what} named ${name}: use one of ${Object.keys(values).join(', ')}`);
    return `<!-- ${tag}:${name} -->${String(value)}<!-- /${tag} -->`;
  });
}
