import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppShell } from './components/AppShell.tsx';
import { PageSpinner } from './components/PageSpinner.tsx';
import { RouteError } from './components/RouteError.tsx';
import i18n from 'i18next';
import type { NAMESPACES } from './i18n/index.ts';

/**
 * Every route of spec §2, in one router. Scenes load lazily, so a reader opening `/p/<key>` or an
 * item downloads only the shell plus that scene.
 */
type SceneModule = { default: ComponentType };
type Namespace = (typeof NAMESPACES)[number];
/**
 * A lazily loaded scene and the translation namespaces it renders with, loaded together so the
 * screen never shows before its texts. Only `common` is loaded up front, which keeps other
 * screens' texts off the reader route; a namespace missed here loads on demand behind the
 * Suspense boundary in AppShell.
 */
const scene = (load: () => Promise<SceneModule>, namespaces: Namespace[]): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { Component: module.default };
  },
});

const routeObjects: RouteObject[] = [
  {
    element: <AppShell />,
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteError />,
    children: [
      { path: '/', ...scene(() => import('./scenes/Home/index.tsx'), ['common']) },
      { path: '/user/login', ...scene(() => import('./scenes/Login/index.tsx'), ['auth']) },
      { path: '/user/register', ...scene(() => import('./scenes/Register/index.tsx'), ['auth']) },
      { path: '/user/resetPassword', ...scene(() => import('./scenes/ForgotPassword/index.tsx'), ['auth']) },
      { path: '/user/ResetPasswordByUrl', ...scene(() => import('./scenes/ResetPasswordByUrl/index.tsx'), ['auth']) },
      { path: '/user/verifyEmail', ...scene(() => import('./scenes/VerifyEmail/index.tsx'), ['auth']) },
      { path: '/user/setting', ...scene(() => import('./scenes/UserSetting/index.tsx'), ['settings', 'auth', 'tokens']) },
      { path: '/item/index', ...scene(() => import('./scenes/ItemList/index.tsx'), ['items']) },
      { path: '/item/add', ...scene(() => import('./scenes/ItemAdd/index.tsx'), ['items']) },
      { path: '/item/password/:itemId', ...scene(() => import('./scenes/ItemPassword/index.tsx'), ['items', 'auth']) },
      { path: '/item/export/:itemId', ...scene(() => import('./scenes/ItemExport/index.tsx'), ['items']) },
      { path: '/item/setting/:itemId', ...scene(() => import('./scenes/ItemSetting/index.tsx'), ['settings', 'items', 'attachments', 'tokens', 'comments']) },
      { path: '/page/:pageId', ...scene(() => import('./scenes/PageView/index.tsx'), ['view', 'comments']) },
      { path: '/p/:uniqueKey', ...scene(() => import('./scenes/SharePage/index.tsx'), ['view', 'comments']) },
      { path: '/page/edit/:itemId/:pageId', ...scene(() => import('./scenes/PageEditor/index.tsx'), ['editor', 'view', 'comments']) },
      { path: '/page/diff/:pageId/:pageHistoryId', ...scene(() => import('./scenes/PageDiff/index.tsx'), ['view']) },
      { path: '/catalog/:itemId', ...scene(() => import('./scenes/CatalogManager/index.tsx'), ['view']) },
      { path: '/notice/index', ...scene(() => import('./scenes/Notices/index.tsx'), ['notices']) },
      { path: '/admin/index', ...scene(() => import('./scenes/Admin/index.tsx'), ['admin', 'auth', 'attachments', 'tokens']) },
      { path: '/team/index', ...scene(() => import('./scenes/Teams/index.tsx'), ['teams']) },
      { path: '/team/member/:teamId', ...scene(() => import('./scenes/TeamMember/index.tsx'), ['teams']) },
      { path: '/team/item/:teamId', ...scene(() => import('./scenes/TeamItem/index.tsx'), ['teams', 'settings']) },
      { path: '/attachment/index', ...scene(() => import('./scenes/Attachments/index.tsx'), ['attachments']) },
      { path: '/changelog/s/:shareKey', ...scene(() => import('./scenes/ApiChangelog/index.tsx'), ['apichanges']) },
      { path: '/changelog/:itemId', ...scene(() => import('./scenes/ApiChangelog/index.tsx'), ['apichanges']) },
      // Last: an item by personalized domain or id (query page_id).
      { path: '/:itemKey', ...scene(() => import('./scenes/ItemView/index.tsx'), ['view', 'comments']) },
      { path: '*', ...scene(() => import('./scenes/NotFound/index.tsx'), ['common']) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}

/**
 * ShowDoc links use hash routes (`/#/p/<key>`, `/web/#/<item>`); they land on the path form.
 * Returns the path to replace the current URL with, or null.
 */
export function pathFromHashUrl(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const target = hash.slice(1);
  return target.startsWith('//') ? null : target;
}
