/** The guest token of a request: read only from `Authorization: Bearer` (spec part 5). */
import type { FastifyRequest } from 'fastify';

/** The bearer token of the request, or undefined when there is no Bearer Authorization header. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') {
    return undefined;
  }
  const match = /^Bearer[ \t]+(\S*)[ \t]*$/i.exec(header);
  return match ? match[1] : undefined;
}
