import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPORT_JOBS } from '../../workers/exportJobs.ts';
import { jobRunner } from '../../workers/jobRunner.ts';
import { realDocsTree } from '../helpers/npmFixtures.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'job-runner-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('jobRunner', () => {
  it('writes the Word export to its file piece by piece as it is made, never the whole .docx at once', async () => {
    const pages = 200;
    const task = { job: 'exportWord' as const, inFile: path.join(dir, 'word.in'), outFile: path.join(dir, 'word.out'), nice: 0 };
    fs.writeFileSync(task.inFile, v8.serialize({ tree: realDocsTree(pages), lang: 'en', images: new Map() }));
    // The real export job, watched: the size of its file on disk each time it hands over a piece.
    const onDisk: number[] = [];
    const pieces: number[] = [];
    const run = jobRunner({
      async exportWord(input: Parameters<typeof EXPORT_JOBS.exportWord>[0]) {
        const made = await EXPORT_JOBS.exportWord(input);
        return (async function* () {
          for await (const piece of made) {
            onDisk.push(fs.statSync(task.outFile, { throwIfNoEntry: false })?.size ?? 0);
            pieces.push(piece.byteLength);
            yield piece;
          }
        })();
      },
    });
    expect(await run(task)).toEqual({ kind: 'bytes' });
    const docx = fs.readFileSync(task.outFile);
    // Written while it was made: half-way through, the file already held most of what came before.
    const half = Math.floor(pieces.length / 2);
    const before = pieces.slice(0, half - 1).reduce((a, b) => a + b, 0);
    expect(onDisk[half]).toBeGreaterThan(0);
    expect(onDisk[half]).toBeGreaterThanOrEqual(before / 2);
    expect(Math.max(...pieces)).toBeLessThan(docx.byteLength / 10);
    // And it is the whole document: every page a heading.
    const xml = await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string');
    expect(xml.match(/<w:pStyle w:val="Heading2"\/>/g)?.length).toBe(pages);
  }, 120_000);
});
