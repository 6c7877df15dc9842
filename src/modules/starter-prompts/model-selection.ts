/**
 * Model-based choice of starter prompts, for tenants that run a language model: the model
 * reads the candidates, the page and the buyer's earlier messages of this session, and
 * names five prompt ids in display order. Plain JSON text is asked for (no tools, no
 * response format), which every OpenAI-compatible server can produce.
 */
import { generateText } from 'ai';
import type { PageType } from '../../config/tenant.ts';
import type { ChatModel } from '../../assistant/llm-engine/model.ts';
import type { StarterPrompt } from './selection.ts';

export interface ChoiceInput {
  shopName: string;
  pageType: PageType;
  /** Short descriptions of what the page shows (product names), when known. */
  pageFacts: string[];
  /** The buyer's earlier messages of this session, newest first; empty when memory is off. */
  pastTexts: string[];
  candidates: readonly StarterPrompt[];
  signal: AbortSignal;
}

const PAST_SHOWN = 10;
const PAST_CHARS = 200;

/** The prompt ids named by the model's reply: `{"ids": [...]}` or a bare array, in a code fence or not. */
export function idsInReply(text: string): string[] {
  const match = /[[{][\s\S]*[\]}]/.exec(text);
  if (!match) {
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(match[0]);
    const list = Array.isArray(parsed) ? parsed : (parsed as { ids?: unknown } | null)?.ids;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function userMessage(input: ChoiceInput): string {
  const lines = [`Page type: ${input.pageType}`];
  for (const fact of input.pageFacts) {
    lines.push(`On the page: ${fact}`);
  }
  if (input.pastTexts.length > 0) {
    lines.push('', "The buyer's earlier messages in this session (newest first):");
    for (const t of input.pastTexts.slice(0, PAST_SHOWN)) {
      lines.push(`- ${t.replace(/\s+/g, ' ').slice(0, PAST_CHARS)}`);
    }
  }
  lines.push('', 'Candidates (id: text [pages it was written for; none = any page]):');
  for (const p of input.candidates) {
    lines.push(`- ${p.id}: ${p.text} [${p.pageTypes.join(', ')}]`);
  }
  return lines.join('\n');
}

/**
 * Asks the model for five prompt ids, best first. Returns what the model named (possibly
 * fewer, possibly unknown ids — the caller keeps the known ones); throws on a model error
 * or when the signal ends the wait.
 */
export async function chooseWithModel(chat: ChatModel, input: ChoiceInput): Promise<string[]> {
  const result = await generateText({
    model: chat.model,
    system: [
      `You choose the welcome-screen buttons of the shopping assistant of ${input.shopName}.`,
      'From the candidate prompts, pick exactly five that this buyer is most likely to press now, given the page they are on and what they asked before, and put them in display order (best first).',
      "Do not pick prompts the buyer has already sent. Use only the candidates' ids.",
      'Reply with JSON only, in the form {"ids": ["id1", "id2", "id3", "id4", "id5"]}.',
    ].join(' '),
    messages: [{ role: 'user', content: userMessage(input) }],
    maxOutputTokens: Math.min(chat.settings.maxTokens ?? 300, 300),
    temperature: Math.min(chat.settings.temperature ?? 0.3, 0.3),
    abortSignal: input.signal,
    maxRetries: 0,
  });
  return idsInReply(result.text);
}
