/**
 * What a generation request's schema cannot say, checked before any work (one image per
 * message at most, something to answer), and the request read as the engine and the store
 * take it: the page context and the message content as stored.
 */
import { AppError } from '../../errors.ts';
import type { PageContext } from '../../assistant/engine.ts';
import { PAGE_TYPES, type PageType } from '../../config/tenant.ts';
import type { ImageSource } from '../../images/index.ts';
import type { StoredUserContent } from '../dialogs/stored-content.ts';
import type { GenerateBody, UserMessage } from './schemas.ts';

/** The image part of one message of the request. */
export interface ImageOfMessage {
  index: number;
  source: ImageSource;
}

/** Checks what the schema cannot say: one image per message at most, and something to answer. */
export function checkMessages(messages: UserMessage[]): ImageOfMessage[] {
  const images: ImageOfMessage[] = [];
  messages.forEach((message, index) => {
    if (typeof message.content === 'string') {
      if (message.content.trim() === '') {
        throw new AppError('INVALID_REQUEST', `body/messages/${index}/content is empty`);
      }
      return;
    }
    const imageParts = message.content.filter((p) => p.type === 'image');
    if (imageParts.length > 1) {
      throw new AppError('INVALID_REQUEST', `body/messages/${index}/content has more than one image part`);
    }
    const hasText = message.content.some((p) => p.type === 'text' && p.text.trim() !== '');
    if (!hasText && imageParts.length === 0) {
      throw new AppError('INVALID_REQUEST', `body/messages/${index}/content has neither text nor an image`);
    }
    if (imageParts[0]) {
      images.push({ index, source: imageParts[0].source as ImageSource });
    }
  });
  return images;
}

/** The page the buyer is on; an unknown page type is OTHER. */
export function pageContext(body: GenerateBody): PageContext {
  const ctx = body.runtimeContext.ctx;
  const type = (PAGE_TYPES as readonly string[]).includes(ctx?.type ?? '') ? (ctx!.type as PageType) : 'OTHER';
  return {
    type,
    data: ctx?.data,
    lng: ctx?.lng ?? null,
    location: ctx?.location ?? null,
    ...(ctx?.attributes?.storeId ? { storeId: ctx.attributes.storeId } : {}),
  };
}

/** Content as stored: images replaced by a marker (the JPEG goes to its own table). */
export function storedContent(message: UserMessage): StoredUserContent {
  if (typeof message.content === 'string') {
    return message.content;
  }
  return message.content.map((p) => (p.type === 'image' ? { type: 'image' as const, stored: true as const } : p));
}
