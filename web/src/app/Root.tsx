import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { removeShellFrame } from '#src/boot/frame';
import { logoMode } from '#src/themes';
import { notify } from './feedback';
import { decideRoute, guardInput, licenseWarning, pageTitle, type RouteMeta } from './guard';
import { findMenuByPath, menuLabel } from './menus';
import { useSession } from './stores/session';
import { useSettings } from './stores/settings';

const DEFAULT_FAVICON = '/favicon.svg';

/** Applies the route guard on every navigation and keeps title, favicon and licence warning in step. */
export function Root() {
  const location = useLocation();
  const meta = useRouteMeta();
  const session = useSession();
  const query = new URLSearchParams(location.search);
  const menu = findMenuByPath(session.menus, location.pathname);
  const decision = decideRoute(guardInput(session, location.pathname, query, meta));

  useSysConfig();
  // The first route has rendered: the boot entry's frame of the shell goes in the same task, before the paint
  // (no moment shows both, for the user or a test).
  useLayoutEffect(removeShellFrame, []);
  const language = useSettings((s) => s.language);
  useDocumentTitle(meta, query, menu && menuLabel(menu, language));
  useFavicon();
  useLicenseWarning(location.pathname);

  if (decision.kind === 'redirect') {
    return decision.clearSession ? <ClearSession /> : <Navigate to={decision.to} replace />;
  }
  if (decision.kind === 'window') return <OpenWindow url={decision.url} />;
  return <Outlet />;
}

function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  return (matches.at(-1)?.handle as RouteMeta | undefined) ?? {};
}

/** Public global config (timeouts, lock time, captcha and switch modes), fresh on every start. */
function useSysConfig() {
  const setConfig = useSession((s) => s.setConfig);
  useEffect(() => {
    // Imported here, not at the top: the generated API client stays out of the console's entry chunk.
    import('#src/api/auth')
      .then((auth) => auth.fetchSysConfig())
      .then(setConfig)
      .catch(() => undefined);
  }, [setConfig]);
}

/** Spec §2: title from the tab label, 登录 on /login, the route title with platform=large. */
function useDocumentTitle(meta: RouteMeta, query: URLSearchParams, menuName?: string) {
  const { t } = useTranslation();
  const title = pageTitle(meta, query, menuName ?? (meta.labelKey ? t(meta.labelKey) : ''), t);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Favicon from the logo list entry of type LABEL (the theme's mode first, spec §9), else the default icon. */
function useFavicon() {
  const mode = logoMode(useSettings((s) => s.theme));
  const href =
    useSession((s) => {
      const labels = s.logos.filter((logo) => logo.type === 'LABEL');
      return (labels.find((logo) => logo.mode === mode) ?? labels[0])?.url;
    }) ?? DEFAULT_FAVICON;
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = href;
  }, [href]);
}

function useLicenseWarning(path: string) {
  const { t } = useTranslation();
  const license = useSession((s) => s.license);
  const message = licenseWarning(path, license);
  useEffect(() => {
    if (!message) return;
    notify()?.warning({
      key: 'license',
      title: t('license.title'),
      description: message,
      duration: 0,
      placement: 'topRight',
    });
  }, [message, t]);
}

function ClearSession() {
  useEffect(() => {
    import('./account').then((account) => account.federatedLogout());
  }, []);
  return null;
}

/** Query `target`: open the page in a new window and stay where the user was. */
function OpenWindow({ url }: { url: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    window.open(url, '_blank', 'noopener');
    if (location.key === 'default') navigate('/', { replace: true });
    else navigate(-1);
  }, [url, navigate, location.key]);
  return null;
}
