/**
 * The shop's insights summary for one period: what the database counted (repository.ts and the
 * tracking module's engagement report), laid out per day of the period (days without activity
 * are zeros, so charts have no gaps) with bounded top lists and cut texts.
 */
import { isoMillis } from '../../clock.ts';
import type { Tenant } from '../../config/index.ts';
import { assistantText, userText, type StoredUserContent } from '../dialogs/stored-content.ts';
import type { AssistantResponse } from '../../assistant/contract.ts';
import { isConversation } from '../../assistant/catalog-engine/index.ts';
import { dayOfNumber, type InsightsPeriod } from './period.ts';
import type { InsightsRepository, PeriodQuery, RequestRow } from './repository.ts';
import type { DayFigures, Summary } from './schemas.ts';

/** Rows of each top list the page shows. */
export const TOP_LIMIT = 20;
/** Grouped requests read per list before near-duplicates ("Наушники?" and "наушники") are merged. */
const MERGE_POOL = 200;
/** Disliked answers listed, latest first. */
export const DISLIKED_LIMIT = 20;
/** Characters of a request and of an answer shown. */
const REQUEST_CHARS = 200;
const ANSWER_CHARS = 600;
/** Prompts of a set the summary reports on. */
const MAX_PROMPTS = 100;

export interface EngagementDay {
  day: string;
  impressions: number;
  visibleImpressions: number;
  cardViews: number;
  clicks: number;
}

export interface InsightsServiceDeps {
  repository: InsightsRepository;
  /** The tracking module's per-day engagement of one tenant (`engagementByDay`). */
  engagement: (options: { tenantId: string; sinceMicros: number; untilMicros: number; dayOffsetMicros: number }) => Promise<EngagementDay[]>;
}

/** Cut to `max` characters (code points, so no emoji is split), with "…" when cut. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** The form in which requests are counted together: lower case, single spaces, no closing punctuation. */
export function requestKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?!.,;:…]+$/u, '')
    .trim();
}

/** Merges rows whose texts differ only in case, spacing or closing punctuation. */
function mergeRequests(rows: RequestRow[]): RequestRow[] {
  const merged = new Map<string, RequestRow>();
  for (const row of rows) {
    const key = requestKey(row.text);
    if (key === '') {
      continue;
    }
    const seen = merged.get(key);
    if (seen) {
      seen.count += row.count;
      seen.withoutProducts += row.withoutProducts;
    } else {
      merged.set(key, { text: key, count: row.count, withoutProducts: row.withoutProducts });
    }
  }
  return [...merged.values()];
}

const byText = (a: RequestRow, b: RequestRow) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);

function parseJson<T>(text: string | null): T | null {
  if (text === null) {
    return null;
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** What the shop reads of a disliked answer: its text, or the products it showed when it had no text. */
function answerSummary(content: string): string {
  const response = parseJson<AssistantResponse>(content);
  if (!response || !Array.isArray(response.contents)) {
    return '';
  }
  const text = assistantText(response).trim();
  const products = response.contents.flatMap((b) => (b.type === 'products' ? b.value.map((p) => p.name) : []));
  if (products.length === 0) {
    return text;
  }
  const shown = `${products.slice(0, 5).join(', ')}${products.length > 5 ? ', …' : ''}`;
  return text === '' ? shown : `${text}\n→ ${shown}`;
}

export function createInsightsService(deps: InsightsServiceDeps) {
  const { repository } = deps;
  return {
    async summary(tenant: Tenant, period: InsightsPeriod): Promise<Summary> {
      const q: PeriodQuery = { tenantId: tenant.id, sinceMicros: period.sinceMicros, untilMicros: period.untilMicros, dayOffsetMicros: period.dayOffsetMicros };
      const prompts = tenant.starterPrompts.prompts.slice(0, MAX_PROMPTS);
      // Prompt texts as the store keeps a plain-text message: a JSON string.
      const storedPromptTexts = prompts.map((p) => JSON.stringify(p.text));
      const [answerDays, conversations, requests, feedbackDays, disliked, engagement, shown, selections, presses] = await Promise.all([
        repository.answersByDay(q),
        repository.conversations(q),
        repository.topRequests(q, MERGE_POOL),
        repository.feedbackByDay(q),
        repository.dislikedAnswers(q, DISLIKED_LIMIT),
        deps.engagement(q),
        repository.promptsShown(q),
        repository.selectionsShown(q),
        repository.promptPresses(q, storedPromptTexts),
      ]);

      const days = new Map<string, DayFigures>(
        period.days.map((day) => [
          day,
          {
            day,
            conversations: 0,
            turns: 0,
            answersWithProducts: 0,
            answersWithoutProducts: 0,
            likes: 0,
            dislikes: 0,
            impressions: 0,
            visibleImpressions: 0,
            cardViews: 0,
            clicks: 0,
            clickThrough: null,
          },
        ]),
      );
      for (const row of answerDays) {
        const day = days.get(dayOfNumber(row.dayNumber));
        if (day) {
          day.conversations = row.conversations;
          day.turns = row.turns;
          day.answersWithProducts = row.withProducts;
          day.answersWithoutProducts = row.turns - row.withProducts;
        }
      }
      for (const row of feedbackDays) {
        const day = days.get(dayOfNumber(row.dayNumber));
        if (day) {
          day.likes = row.likes;
          day.dislikes = row.dislikes;
        }
      }
      for (const row of engagement) {
        const day = days.get(row.day);
        if (day) {
          day.impressions = row.impressions;
          day.visibleImpressions = row.visibleImpressions;
          day.cardViews = row.cardViews;
          day.clicks = row.clicks;
          day.clickThrough = row.impressions > 0 ? row.clicks / row.impressions : null;
        }
      }
      const list = [...days.values()];
      const sum = (pick: (d: DayFigures) => number) => list.reduce((n, d) => n + pick(d), 0);
      const impressions = sum((d) => d.impressions);
      const clicks = sum((d) => d.clicks);

      const topRequests = mergeRequests(requests.byCount)
        .sort((a, b) => b.count - a.count || byText(a, b))
        .slice(0, TOP_LIMIT);
      // Greetings, small talk and shop questions are answered without products by design: they
      // are not assortment the buyers looked for.
      const requestsWithoutProducts = mergeRequests(requests.byWithoutProducts)
        .filter((r) => r.withoutProducts > 0 && !isConversation(r.text))
        .sort((a, b) => b.withoutProducts - a.withoutProducts || byText(a, b))
        .slice(0, TOP_LIMIT);

      const starterPrompts = prompts
        .map((p) => ({ id: p.id, text: p.text, shown: shown.get(p.id) ?? 0, pressed: presses.get(JSON.stringify(p.text)) ?? 0 }))
        .sort((a, b) => b.pressed - a.pressed || b.shown - a.shown);

      return {
        shop: { id: tenant.id, name: tenant.name, language: tenant.language },
        period: { from: period.from, to: period.to, utcOffset: period.utcOffsetMinutes, days: period.days.length },
        totals: {
          conversations,
          turns: sum((d) => d.turns),
          answersWithProducts: sum((d) => d.answersWithProducts),
          answersWithoutProducts: sum((d) => d.answersWithoutProducts),
          likes: sum((d) => d.likes),
          dislikes: sum((d) => d.dislikes),
          impressions,
          visibleImpressions: sum((d) => d.visibleImpressions),
          cardViews: sum((d) => d.cardViews),
          clicks,
          clickThrough: impressions > 0 ? clicks / impressions : null,
          starterPromptSelections: selections,
          starterPromptPresses: starterPrompts.reduce((n, p) => n + p.pressed, 0),
        },
        days: list,
        topRequests: topRequests.map((r) => ({ text: cut(r.text, REQUEST_CHARS), count: r.count, withoutProducts: r.withoutProducts })),
        requestsWithoutProducts: requestsWithoutProducts.map((r) => ({ text: cut(r.text, REQUEST_CHARS), count: r.withoutProducts })),
        dislikedAnswers: disliked.map((d) => {
          const request = parseJson<StoredUserContent>(d.request);
          return {
            at: isoMillis(d.at),
            request: cut(request === null ? '' : userText(request).trim(), REQUEST_CHARS),
            answer: cut(answerSummary(d.answer), ANSWER_CHARS),
          };
        }),
        starterPrompts,
      };
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
