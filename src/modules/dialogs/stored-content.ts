/**
 * How message content is kept. User content is stored as sent (a string, or text/image
 * parts) except that an image part's source is replaced by a marker: the processed JPEG
 * lives in `message_images` and is read only when history is. Assistant content is the
 * `response` object.
 */
import type { AssistantResponse } from '../../assistant/contract.ts';

export type TextPart = { type: 'text'; text: string };
export type StoredImagePart = { type: 'image'; stored: true };
export type StoredUserContent = string | Array<TextPart | StoredImagePart>;

export type HistoryImagePart = { type: 'image'; source: { type: 'base64'; mediaType: 'image/jpeg'; data: string } };
export type HistoryUserContent = string | Array<TextPart | HistoryImagePart>;

/** The text of a user message (text parts joined), '' for an image alone. */
export function userText(content: StoredUserContent): string {
  if (typeof content === 'string') {
    return content;
  }
  return content
    .filter((p): p is TextPart => p.type === 'text')
    .map((p) => p.text)
    .join('\n');
}

/** The user content as history returns it, with the stored JPEG put back as a Base64 image part. */
export function toHistoryContent(content: StoredUserContent, jpeg: Buffer | null): HistoryUserContent {
  if (typeof content === 'string') {
    return content;
  }
  return content.map((part) =>
    part.type === 'image'
      ? { type: 'image' as const, source: { type: 'base64' as const, mediaType: 'image/jpeg' as const, data: jpeg ? jpeg.toString('base64') : '' } }
      : part,
  );
}

/** The assistant's visible text (message blocks joined), for engines reading earlier turns. */
export function assistantText(response: AssistantResponse): string {
  return response.contents
    .filter((b) => b.type === 'message')
    .map((b) => (b as { value: string }).value)
    .join('\n');
}

const TITLE_MAX = 80;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A dialog's title (design.md §5): the first user message's text, trimmed, cut at a word
 * boundary to at most 80 characters with "…"; `Диалог` when there is no text.
 *
 * Characters are counted and cut as user-perceived characters (grapheme clusters), not
 * UTF-16 units: cutting by units split emoji into lone surrogates, which both databases
 * store as U+FFFD, so clients saw "�…" at the end of such titles.
 */
export function dialogTitle(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean === '') {
    return 'Диалог';
  }
  if (clean.length <= TITLE_MAX) {
    return clean;
  }
  const chars = Array.from(graphemes.segment(clean), (s) => s.segment);
  if (chars.length <= TITLE_MAX) {
    return clean;
  }
  const cut = chars.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).join('').trimEnd()}…`;
}
