import assert from 'node:assert/strict';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { decodeQuotedPrintable, invitationPath, verificationPath, waitForMessageTo } from './mail.mjs';

const qpMessage = [
  'From: Quarry <no-reply@quarry.local>',
  'To: someone+e2e@example.com',
  'Subject: Verify your e-mail',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  '<a href=3D"http://localhost:3000/verify-email?token=3Dab12cd34ef56ab12cd34ef=',
  '56ab12cd34">Verify</a>',
].join('\r\n');

test('quoted-printable soft breaks and =3D are undone', () => {
  assert.equal(decodeQuotedPrintable('a=3Db=\nc=\r\nd'), 'a=bcd');
});

test('the verification link is found in a quoted-printable message', () => {
  assert.equal(verificationPath(qpMessage), '/verify-email?token=ab12cd34ef56ab12cd34ef56ab12cd34');
});

test('plain and base64 messages work too', () => {
  const plain = 'To: x@example.com\n\nOpen http://localhost:3000/verify-email?token=XyZ_09-a to verify.';
  assert.equal(verificationPath(plain), '/verify-email?token=XyZ_09-a');
  const body = Buffer.from('Visit https://q.example/verify-email?token=tok123&utm=1 now').toString('base64');
  const base64 = `To: x@example.com\nContent-Transfer-Encoding: base64\n\n${body}\n`;
  assert.equal(verificationPath(base64), '/verify-email?token=tok123');
});

test('the newest message to the address is picked', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quarry-mail-'));
  try {
    await writeFile(join(dir, '1.eml'), 'To: other@example.com\n\n/verify-email?token=other');
    await writeFile(join(dir, '2.eml'), qpMessage);
    const raw = await waitForMessageTo(dir, 'someone+e2e@example.com', { timeoutMs: 1000 });
    assert.equal(verificationPath(raw), '/verify-email?token=ab12cd34ef56ab12cd34ef56ab12cd34');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the invitation link is found, with its code whole', () => {
  const message = [
    'To: ann@example.com',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    '<a href=3D"http://127.0.0.1:3999/invitation?code=3DAbC-123_xyz=',
    '789">Accept the invitation</a>',
  ].join('\r\n');
  assert.equal(invitationPath(message), '/invitation?code=AbC-123_xyz789');
  assert.equal(invitationPath('To: x@example.com\n\nNo link here.'), null);
});
