import { Navigate, useLocation } from 'react-router';

/** SPEC §2: /refresh goes to /refresh/index, keeping where to return to. */
export default function RefreshRedirect() {
  const location = useLocation();
  return <Navigate to="/refresh/index" replace state={location.state} />;
}
