/**
 * The ready `like` / `dislike` links of a stored answer (spec 4.7): plain GETs on
 * `PUBLIC_BASE_URL/shopping/feedback` with the identifiers in the query, as the contract
 * defines them. They are the one place identifiers appear in a URL, because the spec says so.
 */
import type { EngagementEvent } from '../../assistant/contract.ts';

export function feedbackLinks(baseUrl: string, ids: { tenantId: string; resourceId: string; threadId: string; messageId: string }): EngagementEvent[] {
  const link = (reaction: 'like' | 'dislike') => {
    const query = new URLSearchParams({
      tenant_id: ids.tenantId,
      resourceId: ids.resourceId,
      threadId: ids.threadId,
      messageId: ids.messageId,
      reaction,
    });
    return `${baseUrl}/shopping/feedback?${query.toString()}`;
  };
  return [
    { type: 'like', url: link('like') },
    { type: 'dislike', url: link('dislike') },
  ];
}
