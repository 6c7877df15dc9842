/**
 * The fixed answer of debug traffic (spec 4.5): independent of the text and the section's
 * settings; one message block, one products block with two products, three quick replies,
 * a latency figure and one `visible_impression` event. Nothing calls an engine for it.
 */
import type { AssistantResponse, EngagementEvent } from './contract.ts';

export const DEBUG_STUB_RESPONSE: AssistantResponse = Object.freeze({
  contents: [
    { type: 'message', value: 'Debug answer: this is a fixed test response.' },
    {
      type: 'products',
      title: 'Debug products',
      shelf_id: 'debug-shelf',
      source_query: 'debug',
      value: [
        { sku: 'DEBUG-1', name: 'Debug product one', brand: 'Aisle', price: 100 },
        { sku: 'DEBUG-2', name: 'Debug product two', brand: 'Aisle', price: 200 },
      ],
    },
  ],
  ui: { suggests: ['Debug reply one', 'Debug reply two', 'Debug reply three'] },
}) as AssistantResponse;

export const DEBUG_STUB_LATENCY_MS = 1;

export function debugStubEvents(baseUrl: string): EngagementEvent[] {
  return [{ type: 'visible_impression', url: `${baseUrl}/shopping/events/debug` }];
}
