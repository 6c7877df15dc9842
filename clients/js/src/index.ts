/**
 * `@aisle/client`: the typed client of Aisle's HTTP API and the tracking of rendered answers.
 * See README.md for the snippet an integrator writes and the contract rules kept here.
 */
export { createAisleClient, readSharedDialog } from './client.ts';
export type { AisleClient, AisleClientOptions, CallOptions, CreateMessageInput, OutgoingMessage, SharedDialogResult } from './client.ts';
export { AisleError, isAisleError } from './errors.ts';
export type { ClientErrorCode } from './errors.ts';
export { localStorageTokenStore, memoryTokenStore, tokenKey, webStorageTokenStore } from './token-store.ts';
export type { TokenStore, WebStorageLike, WebStorageTokenStoreOptions } from './token-store.ts';
export { createTracker, eventUrls, trackAnswer } from './tracking.ts';
export type {
  CardBinding,
  IntersectionEntryLike,
  IntersectionObserverConstructorLike,
  IntersectionObserverLike,
  TrackableAnswer,
  TrackAnswerOptions,
  TrackedElement,
  Tracker,
  TrackerOptions,
  TrackingFetch,
  VisibilityDocumentLike,
} from './tracking.ts';
export type { FetchLike } from './transport.ts';
export type * from './types.ts';
export type { paths } from './generated/api-types.ts';
