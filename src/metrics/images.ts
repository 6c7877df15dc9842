/** Times the image pipeline per image and counts its refusals by error code. */
import { isAppError } from '../errors.ts';
import type { ImagePipeline } from '../images/index.ts';
import type { MetricDefinitions } from './definitions.ts';

export function observeImages(pipeline: ImagePipeline, metrics: MetricDefinitions): ImagePipeline {
  return {
    async normalise(source, signal) {
      const stop = metrics.imageDuration.startTimer();
      try {
        return await pipeline.normalise(source, signal);
      } catch (err) {
        if (isAppError(err)) {
          metrics.imageRefusals.inc({ reason: err.code });
        }
        throw err;
      } finally {
        stop();
      }
    },
  };
}
