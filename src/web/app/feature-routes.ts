import type { MessageDescriptor } from '@lingui/core';
import type { RouteObject } from 'react-router';

/** One entry of the main menu (spec §2, §6), placed by `order` among every feature's. */
export interface MenuEntry {
  to: string;
  /** The entry's text, read in the page's language (``msg`Events` ``). */
  label: MessageDescriptor;
  /** Position in the menu: public entries 10–99, signed-in entries 100 and up. */
  order: number;
  /** spec §6: shown to signed-in users only. */
  signedIn?: boolean;
}

/**
 * What a web feature adds to the app: its route objects by layout. Each
 * `features/<m>/routes.tsx` exports one; `app/features.ts` lists them and `route-table.tsx`
 * assembles them. Its menu entries are in `features/<m>/menu.ts` (listed in `app/menu.ts`):
 * the menu is part of the first paint, the route table is not (decision 076). Pages are `lazyPage` elements: the app uses declarative routing
 * (`useRoutes`, decision 016), where React Router's `lazy` route property does not apply.
 * React Router ranks routes by how specific their paths are, so the order of features does
 * not change which page a path reaches.
 */
export interface FeatureRoutes {
  /** spec §2 "Outside the main layout": the bare layout (add a RequireAuth group if needed). */
  bare?: RouteObject[];
  /** spec §2 "Main layout, public". */
  public?: RouteObject[];
  /** spec §2 "Main layout, login required": the router wraps these in RequireAuth. */
  member?: RouteObject[];
  /** spec §2 "Result pages" after a hosted checkout. */
  results?: RouteObject[];
}
