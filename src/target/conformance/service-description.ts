import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the project's description of the management service lives, relative to the package root. */
export const SERVICE_DESCRIPTION_PATH = 'docs/management-service.md';

/** One numbered section of the service description (§1 … §9, §2.1, §4.1, …). */
export interface ServiceSection {
  /** `4.1` */
  number: string;
  /** `Common pattern` */
  title: string;
  /** The GitHub heading anchor, e.g. `41-common-pattern`. */
  anchor: string;
  /** How many numbered rules (`1. …`) the section holds before its next heading. */
  rules: number;
}

/** The anchor GitHub gives a Markdown heading: lower case, punctuation dropped, spaces → `-`. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Reads the numbered sections (`## 4. Endpoints`, `### 4.1 Common pattern`) and counts their rules. */
export function parseServiceSections(markdown: string): Map<string, ServiceSection> {
  const sections = new Map<string, ServiceSection>();
  let current: ServiceSection | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6} (.+)$/.exec(line);
    if (heading) {
      const numbered = /^(\d+(?:\.\d+)?)\.? (.+)$/.exec(heading[1]!);
      current = numbered ? { number: numbered[1]!, title: numbered[2]!, anchor: headingAnchor(heading[1]!), rules: 0 } : undefined;
      if (current) sections.set(current.number, current);
      continue;
    }
    if (current && /^\d+\. /.test(line)) current.rules += 1;
  }
  return sections;
}

export function loadServiceSections(root: string): Map<string, ServiceSection> {
  return parseServiceSections(readFileSync(join(root, SERVICE_DESCRIPTION_PATH), 'utf8'));
}

/** A citation found in text: `§4.1 rules 3-4` → section `4.1`, rules 3 and 4. */
export interface SectionCitation {
  text: string;
  section: string;
  rules: number[];
}

/** Finds every `§N[.M][ rule N | rules N-M]` citation in a text. */
export function findCitations(text: string): SectionCitation[] {
  return [...text.matchAll(/§(\d+(?:\.\d+)?)(?: rules? (\d+)(?:\s*[-–]\s*(\d+))?)?/g)].map((m) => {
    const first = m[2] === undefined ? undefined : Number(m[2]);
    const last = m[3] === undefined ? first : Number(m[3]);
    const rules = first === undefined || last === undefined ? [] : Array.from({ length: last - first + 1 }, (_, i) => first + i);
    return { text: m[0], section: m[1]!, rules };
  });
}

/** Why a citation does not resolve in the description, or undefined when it does. */
export function checkCitation(citation: SectionCitation, sections: Map<string, ServiceSection>): string | undefined {
  const section = sections.get(citation.section);
  if (!section) return `${citation.text}: no section ${citation.section}`;
  const missing = citation.rules.filter((rule) => rule < 1 || rule > section.rules);
  return missing.length > 0 ? `${citation.text}: section ${citation.section} has ${section.rules} numbered rules` : undefined;
}
