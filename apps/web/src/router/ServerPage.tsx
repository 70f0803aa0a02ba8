import { useEffect } from 'react';
import { Navigate } from 'react-router';

/** Whether this document was itself the server's answer for the current address. */
const loadedHere = (): boolean =>
  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.name ===
  window.location.href;

/**
 * The consumer pages /OC and /TC are their own build entry, which the server sends for those paths; a
 * link followed inside the console reaches them only by loading the address from the server. Should
 * the server have answered the address with the console itself, reloading would loop: it is not found.
 */
export default function ServerPage() {
  const here = loadedHere();
  useEffect(() => {
    if (!here) window.location.reload();
  }, [here]);
  return here ? <Navigate to="/404" replace /> : null;
}
