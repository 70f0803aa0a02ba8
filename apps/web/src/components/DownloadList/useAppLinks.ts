import { useQuery } from '@tanstack/react-query';
import { getAppLinks } from '../../api/appLinks';

/** The merchant's links and help address, shared by the top bar's help button and download dialog. */
export const useAppLinks = (enabled = true) =>
  useQuery({ queryKey: ['appLinks'], queryFn: getAppLinks, enabled, staleTime: 5 * 60_000 });
