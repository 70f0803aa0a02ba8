import { useEffect } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../config/app';
import { useAppStore } from '../stores/app';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** SPEC §2: below 992 px the console is in mobile mode (the menu becomes a drawer). */
export function useDeviceMode() {
  const device = useAppStore((s) => s.device);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    const update = () => useAppStore.getState().setDevice(media.matches ? 'mobile' : 'desktop');
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return device;
}
