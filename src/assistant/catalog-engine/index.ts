/** The catalogue engine's entry point: the engine itself is `engine.ts`. */
export { createCatalogEngine, type CatalogEngineDeps } from './engine.ts';
export { isConversation } from './intents.ts';
export { warmUpCatalogEngine, WARM_UP_MIN_PRODUCTS, type WarmUpReport } from './warm-up.ts';
