/**
 * Editing a question by one part of its reading: the part's words cut out (remove) or
 * replaced (change). A chip's `start`/`end` are UTF-8 byte offsets into the question, as the
 * server reports them, so the question is cut as bytes.
 */

/** The place of a chip's words in the question. */
export type Span = { start: number; end: number };

/** Words left dangling before words that were cut ("… in", "… for each"). */
const CONNECTORS = new Set(['in', 'for', 'by', 'per', 'each', 'during', 'from', 'of', 'with', 'since', 'on', 'at', 'to', 'where']);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function split(question: string, { start, end }: Span): [string, string] | null {
  const bytes = encoder.encode(question);
  if (start < 0 || end <= start || end > bytes.length) return null;
  return [decoder.decode(bytes.slice(0, start)), decoder.decode(bytes.slice(end))];
}

/** One space between words, none before a sentence mark. */
function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\s+([?.!,;:])/g, '$1').trim();
}

/** The question without the span's words (and the connector left before them), or null when the span is not in it. */
export function questionWithout(question: string, span: Span): string | null {
  const parts = split(question, span);
  if (!parts) return null;
  const words = parts[0].trimEnd().split(' ');
  while (words.length > 1 && CONNECTORS.has(words[words.length - 1].toLowerCase())) words.pop();
  const left = tidy(`${words.join(' ')} ${parts[1]}`);
  return left.replace(/^[?.!,;:]+$/, '') || null;
}

/** The question with the span's words replaced by `text`, or null when the span is not in it or `text` is empty. */
export function questionWith(question: string, span: Span, text: string): string | null {
  const parts = split(question, span);
  if (!parts || !text.trim()) return null;
  return tidy(`${parts[0]}${text.trim()}${parts[1]}`);
}
