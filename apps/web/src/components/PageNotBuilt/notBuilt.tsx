import { useLocation } from 'react-router';
import { SECTION_CAPABILITY } from '../../config/capabilities';
import { lazyPage } from '../../router/lazyPage';

const Page = lazyPage<{ capability: string }>(() => import('./index'));

/** The route component of every page a later piece of work fills; the path's section names that work. */
export function NotBuiltPage() {
  const { pathname } = useLocation();
  return <Page capability={SECTION_CAPABILITY[pathname.split('/')[1] ?? ''] ?? 'system'} />;
}
