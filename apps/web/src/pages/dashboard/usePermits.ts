import { useMemo } from 'react';
import { flattenPermitList } from '../../access/generateRoutes';
import { useSessionStore } from '../../stores/session';

/** The signed-in user's permit list as a set (the server sends it closed: an admin's holds every page). */
export function usePermits(): ReadonlySet<string> {
  const list = useSessionStore((s) => s.user?.permitList);
  return useMemo(() => new Set(flattenPermitList(list ?? [])), [list]);
}
