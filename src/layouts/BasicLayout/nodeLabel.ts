import type { TFunction } from 'i18next';
import type { RouteNode } from '@/app/routeBuilder';

/** Menu label: translated when the shell locale knows the route name, else the server title. */
export function nodeLabel(t: TFunction, node: Pick<RouteNode, 'name' | 'title'>): string {
  return t(`shell:menu.${node.name}`, { defaultValue: node.title });
}
