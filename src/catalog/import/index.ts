/**
 * Streaming catalogue feed readers: YML, Google Merchant (RSS/Atom), CSV and JSON Lines.
 * Each yields products and skipped offers one at a time; none keeps the feed in memory.
 * The import command decides what to do with them (it refuses a feed with no product).
 */
export { detectFeedFormat } from './detect.ts';
export { readFeed, readFeedFile } from './read-feed.ts';
export type { FeedFormat, FeedItem } from './feed.ts';
export { FeedFormatError } from './feed.ts';
export { LIMITS } from './limits.ts';
