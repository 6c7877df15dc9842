/**
 * The insights summary's query and answer (`GET /insights/v1/summary`). Aisle's own page reads
 * it; it is outside the buyer API's document like the other pages. The answer holds counts and
 * the shop's own texts (its buyers' requests, its assistant's answers), never a resourceId,
 * threadId or any other identifier of a buyer or a dialog.
 */
import { Type, type Static } from 'typebox';

export const SummaryQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ maxLength: 10, description: 'First day, YYYY-MM-DD (default: 29 days before `to`).' })),
    to: Type.Optional(Type.String({ maxLength: 10, description: 'Last day, YYYY-MM-DD, included (default: today).' })),
    utcOffset: Type.Optional(Type.Integer({ minimum: -840, maximum: 840, description: "The shop's time zone, minutes east of UTC (Moscow: 180)." })),
  },
  { additionalProperties: false },
);
export type SummaryQuery = Static<typeof SummaryQuery>;

const count = Type.Integer({ minimum: 0 });
const rate = Type.Union([Type.Number(), Type.Null()]);

/** The figures counted per day and over the whole period. */
const FIGURES = {
  conversations: count,
  turns: count,
  answersWithProducts: count,
  answersWithoutProducts: count,
  likes: count,
  dislikes: count,
  impressions: count,
  visibleImpressions: count,
  cardViews: count,
  clicks: count,
  clickThrough: rate,
};

export const DayFigures = Type.Object({ day: Type.String(), ...FIGURES });
export type DayFigures = Static<typeof DayFigures>;

export const Summary = Type.Object({
  shop: Type.Object({ id: Type.String(), name: Type.String(), language: Type.String() }),
  period: Type.Object({ from: Type.String(), to: Type.String(), utcOffset: Type.Integer(), days: Type.Integer() }),
  totals: Type.Object({
    ...FIGURES,
    starterPromptSelections: count,
    starterPromptPresses: count,
  }),
  days: Type.Array(DayFigures),
  topRequests: Type.Array(Type.Object({ text: Type.String(), count, withoutProducts: count })),
  requestsWithoutProducts: Type.Array(Type.Object({ text: Type.String(), count })),
  dislikedAnswers: Type.Array(Type.Object({ at: Type.String(), request: Type.String(), answer: Type.String() })),
  starterPrompts: Type.Array(Type.Object({ id: Type.String(), text: Type.String(), shown: count, pressed: count })),
});
export type Summary = Static<typeof Summary>;
