import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const HOOK = path.join(ROOT, '.githooks/commit-msg');
const folder = mkdtempSync(path.join(tmpdir(), 'commit-msg-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;

/** The hook run as git runs it, on a file holding `message`: its exit status and what it printed. */
function check(message: string) {
  const file = path.join(folder, `COMMIT_EDITMSG.${++files}`);
  writeFileSync(file, message);
  const run = spawnSync('bash', [HOOK, file], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

const subject = (length: number) => 'x'.repeat(length);

test('a subject of 72 characters passes, one of 73 is refused with the reason', () => {
  expect(check(`${subject(72)}\n`).status).toBe(0);
  expect(check(`${subject(72)}\n\nThe body may be longer: ${subject(100)}\n`).status).toBe(0);
  const refused = check(`${subject(73)}\n\nBody.\n`);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('the subject has 73 characters, more than 72');
});

test('characters are counted, not bytes', () => {
  expect(check(`${'ʻ'.repeat(36)}${'ж'.repeat(36)}\n`).status).toBe(0);
  expect(check(`${'—'.repeat(73)}\n`).status).toBe(1);
});

test('a body right under the subject, without a blank line, is refused', () => {
  const refused = check('Search: one calendar call for the strip\nThe strip made six searches.\n');
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('no blank line between the subject and the body');
  expect(check('Search: one calendar call for the strip\n\nThe strip made six searches.\n').status).toBe(0);
});

test("git's comments and the scissors of commit -v are not part of the message", () => {
  const message = [
    '',
    'Docs: ADRs with a date and a status',
    '# Please enter the commit message for your changes. Lines starting',
    "# with '#' will be ignored, and an empty message aborts the commit.",
    '',
    'Body.',
    '# ------------------------ >8 ------------------------',
    `diff --git a/x b/x ${subject(100)}`,
    '',
  ].join('\n');
  expect(check(message).status).toBe(0);
  expect(check('# Only comments: git refuses the empty message itself.\n').status).toBe(0);
});

test("git's merge subjects pass; fixup!, squash! and reverts are measured without their wrapping", () => {
  const merge = `Merge branch '${subject(60)}' into main`;
  expect(check(`${merge}\n`).status).toBe(0);
  expect(check(`${merge}\n\n# Conflicts:\n#\tREADME.md\n`).status).toBe(0);
  expect(check(`${merge}\nno blank line\n`).status).toBe(1);

  expect(check(`fixup! ${subject(72)}\n`).status).toBe(0);
  expect(check(`squash! fixup! ${subject(72)}\n\nMore detail.\n`).status).toBe(0);
  expect(check(`Revert "${subject(72)}"\n\nThis reverts commit 00df522.\n`).status).toBe(0);
  expect(check(`fixup! ${subject(73)}\n`).status).toBe(1);
  expect(check(`Revert "${subject(73)}"\n`).status).toBe(1);
});
