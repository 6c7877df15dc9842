/** What the app gets from metrics, on or off (index.ts, start.ts). */
import type { MetricsRecorder } from '../app-context.ts';
import type { ImagePipeline } from '../images/index.ts';
import type { MetricsListener } from './listener.ts';

export interface AppMetrics {
  recorder: MetricsRecorder;
  /** The image pipeline, timed and its refusals counted. */
  images(pipeline: ImagePipeline): ImagePipeline;
  /** Called by the catalogue registry after it builds a tenant's index. */
  onIndexBuilt?: (tenantId: string, products: number, ms: number) => void;
  listener: MetricsListener | null;
}
