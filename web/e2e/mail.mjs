// Reading the verification and invitation links out of the messages the test SMTP sink stores as files.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Quoted-printable: `=\n` soft breaks vanish and `=XX` becomes the byte XX (links are ASCII). */
export function decodeQuotedPrintable(text) {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeBase64Parts(raw) {
  const decoded = [];
  const parts = raw.split(/content-transfer-encoding:[ \t]*base64[ \t]*\r?\n/i).slice(1);
  for (const part of parts) {
    // The body follows the part's remaining headers and one blank line.
    const block = part.match(/^(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/);
    if (block) decoded.push(Buffer.from(block[1].replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  return decoded;
}

/** The message as text a person would read: transfer encodings undone, HTML ampersands unescaped. */
export function readableMessage(raw) {
  let text = raw;
  if (/content-transfer-encoding:\s*quoted-printable/i.test(raw)) text = decodeQuotedPrintable(raw);
  const base64 = /content-transfer-encoding:\s*base64/i.test(raw) ? decodeBase64Parts(raw) : [];
  return [text, ...base64].join('\n').replace(/&amp;/g, '&');
}

/** The `/verify-email?token=…` path and query of the first link in the message, or null. */
export function verificationPath(raw) {
  const match = readableMessage(raw).match(/\/verify-email\?token=([^\s"'<>&)]+)/);
  return match ? `/verify-email?token=${match[1]}` : null;
}

/** The `/invitation?code=…` path and query of the first invitation link in the message, or null. */
export function invitationPath(raw) {
  const match = readableMessage(raw).match(/\/invitation\?code=([^\s"'<>&)]+)/);
  return match ? `/invitation?code=${match[1]}` : null;
}

async function messageFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = [];
  for (const entry of entries) {
    // The sink writes `.name.tmp` first and renames it when complete.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await messageFiles(path)));
    else if (entry.isFile()) files.push({ path, mtimeMs: (await stat(path)).mtimeMs });
  }
  return files;
}

/**
 * Waits for the newest stored message that mentions `email` (and, when given, whose readable
 * text matches `matching`) and returns its raw text.
 */
export async function waitForMessageTo(dir, email, { timeoutMs = 30_000, intervalMs = 500, matching = null } = {}) {
  const deadline = Date.now() + timeoutMs;
  const needle = email.toLowerCase();
  while (Date.now() < deadline) {
    const files = (await messageFiles(dir)).sort((a, b) => b.mtimeMs - a.mtimeMs);
    for (const file of files) {
      const raw = await readFile(file.path, 'utf8').catch(() => '');
      const readable = readableMessage(raw);
      const mentions = raw.toLowerCase().includes(needle) || readable.toLowerCase().includes(needle);
      if (mentions && (!matching || matching.test(readable))) return raw;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`No e-mail to ${email} arrived in ${dir} within ${timeoutMs / 1000} s`);
}
