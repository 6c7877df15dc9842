/**
 * The tenant a share link's dialog belongs to, for the share page's language, currency and
 * shop name. Asked only after the link was found open; the link is looked up by the SHA-256
 * of its token, as everywhere, never by the token.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { hashToken } from '../../security/tokens.ts';

export function createShareTenantLookup(db: Kysely<Database>) {
  return async (shareToken: string): Promise<string | null> => {
    const row = await db
      .selectFrom('shares as s')
      .innerJoin('dialogs as d', 'd.id', 's.dialog_id')
      .select('d.tenant_id')
      .where('s.token_hash', '=', hashToken(shareToken))
      .executeTakeFirst();
    return row?.tenant_id ?? null;
  };
}
