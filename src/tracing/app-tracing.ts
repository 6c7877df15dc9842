/** What `setUpTracing` gives app.ts: the recorder for the modules, and wrappers for the parts it hands out. */
import type { CatalogRegistry } from '../catalog/registry.ts';
import type { ImagePipeline } from '../images/index.ts';
import type { SpanRecorder } from '../spans.ts';

export interface AppTracing {
  spans: SpanRecorder;
  /** The image pipeline, each image in a span. */
  images(pipeline: ImagePipeline): ImagePipeline;
  /** The catalogue registry whose indexes record their searches. */
  catalogs(registry: CatalogRegistry): CatalogRegistry;
}
