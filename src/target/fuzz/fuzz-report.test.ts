// What fuzz.md and the command's warnings say about the clean-up: the count a final read showed,
// never a count of deletes that failed, and every record it could not check or attribute.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanUpNotes, formatLeftovers, renderFuzzMarkdown } from './fuzz-report.js';
import { fuzzReport } from '../../../test/support/fuzz-report.js';
import type { CleanUpReport } from '../../fuzz/run/sweep-run-records.js';

const CLEAN: CleanUpReport = { leftovers: [], unverified: [], unattributed: [], cutShort: false };

const reportWith = (cleanUp: Partial<CleanUpReport>) => fuzzReport({ cleanUp: { ...CLEAN, ...cleanUp } });

describe('the clean-up in the reports', () => {
  it('a run that left nothing: 0 and no note', () => {
    const report = reportWith({});
    assert.equal(formatLeftovers(report.cleanUp), '0');
    assert.deepEqual(cleanUpNotes(report), []);
    assert.match(renderFuzzMarkdown(report, undefined), /\| records of the run left behind \(read at the end\) \| 0 \|/);
  });

  it('records of the run still there are counted and named', () => {
    const report = reportWith({ leftovers: ['agent fz-abc123-4-a0', 'event fz-abc123-4-e1'] });
    assert.equal(formatLeftovers(report.cleanUp), '2');
    assert.deepEqual(cleanUpNotes(report), ['2 record(s) of the run are still on the target: agent fz-abc123-4-a0, event fz-abc123-4-e1']);
  });

  it('indices the final read could not read make the count a lower bound; a clean-up out of time says so', () => {
    const report = reportWith({ unverified: ['agent'], cutShort: true });
    assert.equal(formatLeftovers(report.cleanUp), '0 found; unknown in agent (not read at the end)');
    const notes = cleanUpNotes(report);
    assert.equal(notes.length, 2);
    assert.match(notes[0]!, /ran out of time/);
    assert.match(notes[1]!, /final read of agent got no list of records: records of the run \(ids starting with fz-abc123-\) may be left there/);
    assert.match(renderFuzzMarkdown(report, undefined), /- \*\*Clean-up:\*\* the clean-up ran out of time/);
  });

  it('records it cannot attribute are listed (ten at most), not counted as its own', () => {
    const unattributed = Array.from({ length: 12 }, (_, i) => `agent agt_${i}`);
    const report = reportWith({ unattributed });
    assert.equal(formatLeftovers(report.cleanUp), '0');
    const [note] = cleanUpNotes(report);
    assert.match(note!, /^12 record\(s\) appeared during the run that it cannot prove are its own .*; left alone: agent agt_0, .*agent agt_9, … \(2 more\)$/);
  });
});
