/**
 * What the request being served is (route and caller's address), reachable from services that
 * were not handed the request: the personal-data access log records where a view happened.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestScope {
  route: string;
  ip: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

export function runInRequest<T>(value: RequestScope, fn: () => T): T {
  return scope.run(value, fn);
}

/** The request in progress; outside any (jobs, seeds, scripts) a named stand-in. */
export function currentRequest(): RequestScope {
  return scope.getStore() ?? { route: 'internal', ip: '' };
}
