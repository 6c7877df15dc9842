/**
 * A buyer telling of something broken ("у меня течёт кран на кухне", "i dropped my phone and the
 * screen cracked") is not searching for the words of the story: the search quoted them back
 * («Совпадений с «течет кухне» не нашлось») and showed ball valves, or one screen protector for
 * another phone. The answer is sorry, where the shop's warranty and returns are (its links, else
 * the operator), and, when the story names a kind of product the shop sells, that kind as a
 * replacement, refinable as any search.
 */
import type { TenantLink } from '../../config/tenant.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { EngineResult } from '../engine.ts';
import { linkButton, supportChatButton } from './compose.ts';
import { browseSuggests } from './suggests.ts';
import { result, type Turn } from './turn.ts';

/** A story of a fault is told in a sentence or two: only its first characters are read. */
const MAX_FAULT_CHARS = 300;

/**
 * What happened, as verbs (never nouns: «защита от протечек», "leak detector" and "drop-proof
 * case" are products): leaking, broken, cracked, burnt out, dropped, stopped working.
 */
const RU_FAULT =
  /(?<![\p{L}\p{N}])(?:теч[её]т|текут|протека(?:ет|ют)|подтека(?:ет|ют)|капа(?:ет|ют)|(?:с|по)ломал(?:ся|ась|ось|ись|а|и)?|разбил(?:ся|ась|ось|ись|а|и)?|треснул(?:а|о|и)?|лопнул(?:а|о|и)?|сгорел(?:а|о|и)?|уронил(?:а|и)?|порвал(?:ся|ась|ось|ись|а|и)?|перестал(?:а|о|и)?\s+(?:работать|включаться|заряжаться|греть|сливать)|не\s+(?:работа(?:ет|ют)|включа(?:ется|ются)|заряжа(?:ется|ются)|гре(?:ет|ют)|слива(?:ет|ют)))(?![\p{L}\p{N}])/giu;
const EN_FAULT =
  /(?<![\p{L}\p{N}])(?:broke|(?:is|are|got|was|were|it's|has\s+been|have\s+been)\s+broken|cracked|shattered|smashed|dropped|(?:is|are|keeps?)\s+leaking|leaks|dripping|drips|stopped\s+(?:working|charging)|(?:doesn't|does\s+not|don't|do\s+not|won't|will\s+not|isn't|is\s+not|not)\s+(?:work(?:ing)?|turn(?:ing)?\s+on|charg(?:e|ing)|power(?:ing)?\s+on))(?![\p{L}\p{N}])/giu;

/** Who tells it, when, and asking what to do: words of the story, not of the product. */
const TELLER =
  /(?<![\p{L}\p{N}])(?:у\s+меня|у\s+нас|мой|моя|мо[её]|мои|моего|моей|моим|я|вчера|сегодня|уже|опять|снова|внезапно|i|i've|i'm|my|we|our|me|yesterday|today|again|just|suddenly|and|the|и|а|и\s+вот|что\s+(?:мне\s+)?делать|как\s+быть|помогите|подскажите|what\s+(?:should\s+i|do\s+i|to)\s+do|help)(?![\p{L}\p{N}])/giu;

/**
 * A story that already asks for the new one ("my old phone broke, need something cheap but
 * decent", «старый сломался, нужен новый»): answered as the search it asks for.
 */
const WANTS_NEW =
  /(?<![\p{L}\p{N}])(?:need|needs|want|wants|looking\s+for|recommend|suggest|old|нуж(?:ен|на|но|ны)|хочу|ищу|посоветуйте|подберите|старый|старая|старое|новый|новая|новое)(?![\p{L}\p{N}])/iu;

/** Whether a message tells of something broken, leaking or not working, without asking for a new one. */
export function reportsFault(text: string): boolean {
  const head = text.slice(0, MAX_FAULT_CHARS);
  RU_FAULT.lastIndex = 0;
  EN_FAULT.lastIndex = 0;
  return (RU_FAULT.test(head) || EN_FAULT.test(head)) && !WANTS_NEW.test(head);
}

/** Where a story's clauses part: "and", «и», "but", «но», «а» and punctuation. */
const CLAUSES = /[,.!?;:—–]+|\s(?:and|but|then|и|а|но|потом)\s/iu;

/**
 * The words of the story's first clause that may name the product ("кран кухне", "phone"), or
 * ''. What follows tells what happened to a part of it ("i dropped my phone and the screen
 * cracked": a phone, not a "phone screen", which found screen protectors beside phones).
 */
export function faultItemWords(text: string): string {
  for (const clause of text.slice(0, MAX_FAULT_CHARS).split(CLAUSES)) {
    const words = clause.replace(RU_FAULT, ' ').replace(EN_FAULT, ' ').replace(TELLER, ' ').replace(/-+/gu, ' ').replace(/\s+/gu, ' ').trim();
    if (words !== '') {
      return words;
    }
  }
  return '';
}

/**
 * The answer to a story of a fault. `search` answers the story's product words as a new search
 * (the engine's own product answer), used only when they name a kind or a brand of the shop.
 */
export function faultAnswer(turn: Turn, index: CatalogIndex, links: TenantLink[], search: (text: string) => EngineResult): EngineResult {
  const { t, req } = turn;
  const help = links.length > 0 ? 'links' : req.tenant.supportChat ? 'operator' : 'none';
  const sorry = t.faultSorry(help);
  const item = faultItemWords(turn.text);
  const parsed = item === '' ? null : index.parseDetailed(item);
  if (parsed && (parsed.categoryWords.length > 0 || (parsed.filters.brands?.length ?? 0) > 0)) {
    const replacement = search(item);
    const contents = replacement.answer.response.contents;
    const message = contents.find((b) => b.type === 'message');
    if (message && contents.some((b) => b.type === 'products')) {
      message.value = `${sorry} ${t.faultReplacement} ${String(message.value)}`;
      contents.push(...links.map(linkButton));
      if (help === 'operator' && !contents.some((b) => b.type === 'button' && b.action === 'open_support_chat')) {
        contents.push(supportChatButton(t.supportButton));
      }
      return replacement;
    }
  }
  const message = help === 'none' ? `${sorry} ${t.faultWhatNeeded}` : sorry;
  return result(turn, { message, links, supportButton: help === 'operator' ? t.supportButton : null, suggests: browseSuggests(index, turn.lang) }, turn.prev);
}
