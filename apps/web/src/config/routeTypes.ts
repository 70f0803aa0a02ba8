import type { TypeTag } from '@farmpark/contracts';
import type { ComponentType, ReactNode } from 'react';

export interface RouteTitle {
  zh: string;
  en: string;
}

export interface RouteMeta {
  title: RouteTitle;
  icon?: ReactNode;
  /** Fixed routes only: role keys allowed to see the route; absent means every role (SPEC §6). */
  roles?: string[];
  /** Device type tag: out of the menu when the active park has no device of that class (SPEC §2). */
  type?: TypeTag;
}

/** One entry of the route table; paths are absolute. */
export interface AppRoute {
  path: string;
  name: string;
  meta: RouteMeta;
  /** Routable but never in the menu. */
  hidden?: boolean;
  /** Show as a sub-menu even with a single child. */
  alwaysShow?: boolean;
  /** Sections redirect to their first child (filled when routes are generated for a user). */
  redirect?: string;
  /** Permission url of the catalogue; fixed and public routes have none. */
  permitUrl?: string;
  /** What renders at this path; sections have none (they redirect). */
  component?: ComponentType;
  children?: AppRoute[];
}
