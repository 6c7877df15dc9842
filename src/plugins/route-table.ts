/**
 * The table of paths and their methods, collected as routes are added. CORS uses it to
 * answer each preflight with the methods of that path; the not-found handler uses it to
 * tell "no such path" (404) from "no such method on this path" (405 with `Allow`).
 */
import type { FastifyInstance } from 'fastify';

export interface RouteTable {
  /** The methods routed at this URL's path (the `Allow` of a 405). */
  methodsFor(url: string): string[];
  /**
   * The methods a CORS preflight allows for this URL: its own, and for a collection also those
   * of its items (`/shopping/dialogs` and `/shopping/dialogs/{threadId}` share one CORS rule
   * in spec 4.3: GET and DELETE).
   */
  corsMethodsFor(url: string): string[];
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/** Starts collecting routes of `app`; call before any route is registered. */
export function collectRouteTable(app: FastifyInstance): RouteTable {
  const routes: Array<{ re: RegExp; methods: Set<string> }> = [];
  const byPattern = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs') || route.url === '*') {
      return;
    }
    let methods = byPattern.get(route.url);
    if (!methods) {
      methods = new Set();
      byPattern.set(route.url, methods);
      routes.push({ re: patternToRegExp(route.url), methods });
    }
    for (const m of [route.method].flat()) {
      if (m !== 'HEAD' && m !== 'OPTIONS') {
        methods.add(m);
      }
    }
  });
  const collect = (paths: string[]): string[] => {
    const found = new Set<string>();
    for (const r of routes) {
      if (paths.some((p) => r.re.test(p))) {
        r.methods.forEach((m) => found.add(m));
      }
    }
    return [...found].sort();
  };
  const pathOf = (url: string) => url.split('?')[0] ?? url;
  return {
    methodsFor: (url) => collect([pathOf(url)]),
    corsMethodsFor(url) {
      const path = pathOf(url);
      const own = collect([path]);
      // `{item}` stands for any identifier: it matches a parameter route, never a literal one.
      return own.length === 0 ? own : collect([path, `${path.replace(/\/$/, '')}/{item}`]);
    },
  };
}
