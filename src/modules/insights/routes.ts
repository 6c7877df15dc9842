/**
 * The shop's insights: the page `GET /insights`, its script, and the summary it reads,
 * `GET /insights/v1/summary`, which only a shop's insights key opens (`Authorization: Bearer`,
 * never a query string). The key is checked before the query is validated, so a caller without
 * a key learns nothing; a refused key is 401 and counts against the address's limit of refused
 * keys (`insights-key` preset), past which the address is refused with 429 whatever it sends.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Clock } from '../../clock.ts';
import type { Tenant } from '../../config/index.ts';
import { AppError } from '../../errors.ts';
import { bearerToken } from '../../security/bearer.ts';
import { PAGE_HEADERS, preferredLanguage, sendScript, type createWidgetAssets } from '../web/index.ts';
import type { InsightsKeys } from './access-key.ts';
import { insightsPage } from './page.ts';
import { parsePeriod } from './period.ts';
import { Summary, SummaryQuery } from './schemas.ts';
import type { InsightsService } from './service.ts';

export const INSIGHTS_PATH = '/insights';
const SCRIPT = 'insights.js';

/** Scripts from Aisle only; requests only to Aisle; no forms sent anywhere (the key form is handled by the script). */
const INSIGHTS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface InsightsRouteDeps {
  keys: InsightsKeys;
  insights: InsightsService;
  clock: Clock;
  assets: ReturnType<typeof createWidgetAssets>;
  chartCss: string;
}

export function registerInsightsRoutes(app: FastifyInstance, deps: InsightsRouteDeps): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  // The shop a request's key opened, set before validation and read by the handler.
  const shopOf = new WeakMap<FastifyRequest, Tenant>();

  routes.get(INSIGHTS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const script = await deps.assets.get(SCRIPT);
    const html = insightsPage({
      lang: preferredLanguage(request.headers['accept-language']),
      // Relative to /insights, so the page works behind a proxy that mounts Aisle under a path.
      scriptSrc: `insights/v1/${SCRIPT}?v=${script.version}`,
      chartCss: deps.chartCss,
      open: deps.keys.any,
    });
    return reply.headers(PAGE_HEADERS).header('Content-Security-Policy', INSIGHTS_CSP).type('text/html; charset=utf-8').send(html);
  });

  routes.get(`${INSIGHTS_PATH}/v1/${SCRIPT}`, { schema: { hide: true } }, async (request, reply) =>
    sendScript(request, reply, await deps.assets.get(SCRIPT), 'no-cache'),
  );

  routes.get(
    `${INSIGHTS_PATH}/v1/summary`,
    {
      schema: { hide: true, querystring: SummaryQuery, response: { 200: Summary } },
      config: { rateLimit: ['insights-key'], validationCode: 'INVALID_REQUEST' },
      preValidation: async (request) => {
        const key = bearerToken(request);
        if (key === undefined || key === '') {
          throw new AppError('INSIGHTS_KEY_REQUIRED');
        }
        const shop = deps.keys.tenantOf(key);
        if (!shop) {
          throw new AppError('INVALID_INSIGHTS_KEY');
        }
        shopOf.set(request, shop);
      },
    },
    async (request, reply) => {
      const shop = shopOf.get(request);
      if (!shop) {
        throw new AppError('INVALID_INSIGHTS_KEY');
      }
      const period = parsePeriod(request.query, deps.clock.nowMicros());
      void reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').header('X-Content-Type-Options', 'nosniff');
      return deps.insights.summary(shop, period);
    },
  );
}
