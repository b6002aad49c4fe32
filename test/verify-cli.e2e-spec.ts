/**
 * `npm run verify -- <record>` on this machine, without a database: a
 * corpus record verifies (exit 0); the same record with one payload changed
 * is refused, naming the event (exit 1); a file that is no record is refused (exit 1).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_DIR, corpusFiles, readCorpusRecord } from './corpus/corpus-files';

function verify(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['-r', 'ts-node/register/transpile-only', 'scripts/verify.ts', file], { cwd: join(__dirname, '..') }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('npm run verify', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pbw-verify-'));
  const name = corpusFiles().find((file) => file.startsWith('five-tribes'))!;

  it('prints "verified" for a true record, and the first bad event of a changed one', async () => {
    const record = readCorpusRecord(name);
    const changed = JSON.parse(JSON.stringify(record));
    const step = changed.events.find((event: { move: unknown; seq: number }) => event.move !== null && event.seq > 20);
    step.payload = { ...step.payload, changed: true };
    writeFileSync(join(dir, 'changed.json'), JSON.stringify(changed));
    writeFileSync(join(dir, 'not-a-record.json'), '{"hello": "world"}');

    const [whole, tampered, notRecord] = await Promise.all([verify(join(CORPUS_DIR, name)), verify(join(dir, 'changed.json')), verify(join(dir, 'not-a-record.json'))]);
    expect(whole).toMatchObject({ code: 0, stdout: expect.stringMatching(/^verified \(\d+ events, \d+ steps decided again\)\n$/) });
    expect(tampered).toMatchObject({ code: 1, stdout: `not verified: event ${step.seq}: its hash does not match its content and the events before it: the history was changed\n` });
    expect(notRecord).toMatchObject({ code: 1, stdout: expect.stringContaining('this is not a game record') });
  });
});
