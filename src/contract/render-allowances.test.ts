import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ALLOWANCES } from './faithful-answers.js';
import { renderAllowanceSection, renderAllowanceSectionHtml } from './render-allowances.js';

describe('the allowances in the reports', () => {
  it('every allowance, with what it rests on, in the Markdown and the HTML summary', () => {
    const markdown = renderAllowanceSection().join('\n');
    const html = renderAllowanceSectionHtml();
    for (const [id, allowance] of Object.entries(ALLOWANCES)) {
      assert.ok(markdown.includes(`- **${id}** (${allowance.restsOn.join(', ')})`), id);
      assert.ok(html.includes(`<li><strong>${id}</strong>`), id);
    }
  });

  it('the HTML is escaped', () => {
    assert.doesNotMatch(renderAllowanceSectionHtml(), /"Id already found"/);
    assert.match(renderAllowanceSectionHtml(), /&quot;Id already found&quot;/);
  });
});
