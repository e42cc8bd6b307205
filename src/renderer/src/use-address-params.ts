import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams, type NavigateOptions } from 'react-router';

type Change = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/** The query string of the address as it is now, not as it was at the last render. */
function currentAddress(): { pathname: string; params: URLSearchParams } {
  const [pathname = '/', query = ''] = window.location.hash.replace(/^#/, '').split('?');
  return { pathname: pathname === '' ? '/' : pathname, params: new URLSearchParams(query) };
}

/**
 * The view's query-string parameters, like react-router's `useSearchParams`, with two changes
 * that matter when filters move fast: an update starts from the address as it is at the moment
 * of the call (react-router's hands the last render's, so two changes close together lost one),
 * and an update from a view that is no longer shown is dropped (a delayed "page in view" write
 * after a row was opened used to send the person back to the list).
 */
export function useAddressParams(): [
  URLSearchParams,
  (change: Change, options?: NavigateOptions) => void,
] {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const update = useCallback(
    (change: Change, options?: NavigateOptions) => {
      const now = currentAddress();
      if (now.pathname !== pathname) return;
      const next = typeof change === 'function' ? change(now.params) : change;
      const text = next.toString();
      void navigate({ pathname, search: text === '' ? '' : `?${text}` }, options);
    },
    [pathname, navigate],
  );
  return [params, update];
}
