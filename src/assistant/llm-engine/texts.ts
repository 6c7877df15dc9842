/**
 * The few sentences the LLM engine says itself rather than through the model, in the
 * buyer's language: they must be said exactly, whatever the model does.
 */
import type { Lang } from '../language.ts';

export interface LlmTexts {
  /** Put before the model's answer when the buyer sent a photo the tenant's model cannot see. */
  photoNotSupported: string;
  /** Heading of the products block when the model gives none. */
  productsTitle: string;
}

const RU: LlmTexts = {
  photoNotSupported: 'К сожалению, фотографии здесь пока не поддерживаются, поэтому отвечу по тексту сообщения.',
  productsTitle: 'Подходящие товары',
};

const EN: LlmTexts = {
  photoNotSupported: "Sorry, photos aren't supported here yet, so I'll answer based on the text of your message.",
  productsTitle: 'Suggested products',
};

/** The texts in a language. */
export function llmTexts(lang: Lang): LlmTexts {
  return lang === 'en' ? EN : RU;
}
