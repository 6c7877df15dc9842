/**
 * The catalogue engine's own share of a generation turn: the engine the server runs (same
 * catalogue from the same database, same texts as the generation cells, each dialog growing
 * turn by turn with the engine's state coming back as history, links signed with the same
 * secret), called in this process, CPU per answer. Set beside the server's CPU per turn it
 * shows how much of a turn is the engine and how much the service around it.
 */
import { randomUUID } from 'node:crypto';
import type { DatabaseSettings } from '../../src/config/env.ts';
import type { Tenant } from '../../src/config/index.ts';
import { createStorage } from '../../src/db/create-db.ts';
import { createCatalogRegistry } from '../../src/catalog/registry.ts';
import { createCatalogEngine } from '../../src/assistant/catalog-engine/index.ts';
import type { EngineTurn } from '../../src/assistant/engine.ts';
import { createSigner } from '../../src/security/signer.ts';
import { createTrackingLinks } from '../../src/modules/tracking/index.ts';
import { assistantText } from '../../src/modules/dialogs/stored-content.ts';

export interface EngineShare {
  answers: number;
  cpuMicrosPerAnswer: number;
}

/** Runs `answers` catalogue-engine turns over `dialogs` dialogs in turn (as the generation cells do). */
export async function measureEngineShare(options: {
  settings: DatabaseSettings;
  tenant: Tenant;
  tenants: ReadonlyMap<string, Tenant>;
  texts: readonly string[];
  signingSecret: string;
  publicBaseUrl: string;
  answers: number;
  dialogs: number;
}): Promise<EngineShare> {
  const storage = createStorage(options.settings);
  try {
    const catalogs = await createCatalogRegistry({ db: storage.db, tenants: options.tenants, log: { info: () => undefined, warn: () => undefined }, refreshMs: 0 });
    const engine = createCatalogEngine({ catalogs });
    const signer = createSigner(options.signingSecret);
    const histories = new Map<number, EngineTurn[]>();
    const turn = async (n: number) => {
      const d = n % options.dialogs;
      const history = histories.get(d) ?? [];
      const text = options.texts[(n * 7) % options.texts.length]!;
      const result = await engine.answer({
        tenant: options.tenant,
        text,
        image: null,
        page: { type: 'HOMEPAGE', lng: 'ru', location: null },
        history: history.slice(-20),
        preferences: null,
        tracking: createTrackingLinks(signer, options.publicBaseUrl, { tenantId: options.tenant.id, dialogId: `bench-${d}`, messageId: randomUUID() }),
        signal: AbortSignal.timeout(60_000),
      });
      history.push({ role: 'user', text }, { role: 'assistant', text: assistantText(result.answer.response), response: result.answer.response, state: result.state ?? null });
      histories.set(d, history);
    };
    // Warm-up (JIT), then the measured answers.
    for (let n = 0; n < Math.min(200, options.answers); n++) {
      await turn(n);
    }
    histories.clear();
    const before = process.cpuUsage();
    for (let n = 0; n < options.answers; n++) {
      await turn(n);
    }
    const used = process.cpuUsage(before);
    catalogs.stop();
    return { answers: options.answers, cpuMicrosPerAnswer: (used.user + used.system) / options.answers };
  } finally {
    await storage.close();
  }
}
