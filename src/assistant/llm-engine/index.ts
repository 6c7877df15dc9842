/** The language-model engine's entry point: the engine itself is `engine.ts`. */
export { createLlmEngine, type EngineLog, type LlmEngineDeps } from './engine.ts';
