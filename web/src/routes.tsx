import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppShell } from './components/AppShell.tsx';
import { PageSpinner } from './components/PageSpinner.tsx';
import { RouteError } from './components/RouteError.tsx';

/**
 * Every route of spec §2, in one router. Scenes load lazily, so a reader opening `/p/<key>` or an
 * item downloads only the shell plus that scene.
 */
type SceneModule = { default: ComponentType };
const scene = (load: () => Promise<SceneModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routeObjects: RouteObject[] = [
  {
    element: <AppShell />,
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteError />,
    children: [
      { path: '/', ...scene(() => import('./scenes/Home/index.tsx')) },
      { path: '/user/login', ...scene(() => import('./scenes/Login/index.tsx')) },
      { path: '/user/register', ...scene(() => import('./scenes/Register/index.tsx')) },
      { path: '/user/resetPassword', ...scene(() => import('./scenes/ForgotPassword/index.tsx')) },
      { path: '/user/ResetPasswordByUrl', ...scene(() => import('./scenes/ResetPasswordByUrl/index.tsx')) },
      { path: '/user/setting', ...scene(() => import('./scenes/UserSetting/index.tsx')) },
      { path: '/item/index', ...scene(() => import('./scenes/ItemList/index.tsx')) },
      { path: '/item/add', ...scene(() => import('./scenes/ItemAdd/index.tsx')) },
      { path: '/item/password/:itemId', ...scene(() => import('./scenes/ItemPassword/index.tsx')) },
      { path: '/item/export/:itemId', ...scene(() => import('./scenes/ItemExport/index.tsx')) },
      { path: '/item/setting/:itemId', ...scene(() => import('./scenes/ItemSetting/index.tsx')) },
      { path: '/page/:pageId', ...scene(() => import('./scenes/PageView/index.tsx')) },
      { path: '/p/:uniqueKey', ...scene(() => import('./scenes/SharePage/index.tsx')) },
      { path: '/page/edit/:itemId/:pageId', ...scene(() => import('./scenes/PageEditor/index.tsx')) },
      { path: '/page/diff/:pageId/:pageHistoryId', ...scene(() => import('./scenes/PageDiff/index.tsx')) },
      { path: '/catalog/:itemId', ...scene(() => import('./scenes/CatalogManager/index.tsx')) },
      { path: '/notice/index', ...scene(() => import('./scenes/Notices/index.tsx')) },
      { path: '/admin/index', ...scene(() => import('./scenes/Admin/index.tsx')) },
      { path: '/team/index', ...scene(() => import('./scenes/Teams/index.tsx')) },
      { path: '/team/member/:teamId', ...scene(() => import('./scenes/TeamMember/index.tsx')) },
      { path: '/team/item/:teamId', ...scene(() => import('./scenes/TeamItem/index.tsx')) },
      { path: '/attachment/index', ...scene(() => import('./scenes/Attachments/index.tsx')) },
      // Last: an item by personalized domain or id (query page_id).
      { path: '/:itemKey', ...scene(() => import('./scenes/ItemView/index.tsx')) },
      { path: '*', ...scene(() => import('./scenes/NotFound/index.tsx')) },
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
