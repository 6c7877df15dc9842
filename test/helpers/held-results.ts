/**
 * Forces an interleaving of two instances without a seam in the product: a Kysely plugin
 * for one instance's database that, when armed, holds the result of the next query matching
 * a predicate until the test releases it. The query has run; only its answer waits, as it
 * would on a slow network or a loaded machine.
 */
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';

export interface HeldResult {
  /** Settles once the matching query has run and its result is being held. */
  reached: Promise<void>;
  /** Lets the held result go on to the caller. */
  release(): void;
}

export function resultHolder(matches: (node: RootOperationNode) => boolean): { plugin: KyselyPlugin; holdNext(): HeldResult } {
  // Prepared queries keep the query id of their one compilation, so the id recorded when the
  // query was compiled is the id its every result arrives with.
  const matching = new WeakSet<QueryId>();
  let armed: { reached: () => void; released: Promise<void> } | null = null;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (matches(node)) {
        matching.add(queryId);
      }
      return node;
    },
    async transformResult({ result, queryId }) {
      if (armed && matching.has(queryId)) {
        const current = armed;
        armed = null;
        current.reached();
        await current.released;
      }
      return result;
    },
  };
  return {
    plugin,
    holdNext() {
      let reached!: () => void;
      let release!: () => void;
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      armed = { reached, released };
      return { reached: reachedPromise, release };
    },
  };
}

/** The generation lookup: the dialog joined with the user message stored under a message id. */
export function isTurnLookup(node: RootOperationNode): boolean {
  if (node.kind !== 'SelectQueryNode') {
    return false;
  }
  const text = JSON.stringify(node);
  return text.includes('"name":"dialogs"') && text.includes('"name":"client_message_id"') && (node.joins?.length ?? 0) > 0;
}
