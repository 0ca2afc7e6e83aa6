import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_MODULES } from '../src/server/platform/http/page-preload';
import { FIRST_VIEW_PAGES, firstViewGroups } from './first-view-chunks';

const W = '/app/src/web';
const LUCIDE = '/app/node_modules/lucide/index.mjs';
const icon = (name: string) => `/app/node_modules/lucide/icons/${name}.mjs`;

/** A small app as Rolldown shows it to a group's `name`: each module's code and its imports. */
const graph: Record<string, { code: string | null; importedIds: string[] }> = {
  [`${W}/index.html`]: { code: 'import "/main.tsx";', importedIds: [`${W}/main.tsx`] },
  [`${W}/main.tsx`]: {
    code: 'import { Menu } from "lucide";\nimport "mea-catalog:locales";\nexport const x = Menu;',
    importedIds: [LUCIDE, '\0mea-catalog:locales'],
  },
  '\0mea-catalog:locales': { code: '', importedIds: [] },
  [LUCIDE]: {
    code: [
      "import * as index from './icons/index.mjs';",
      'export { index as icons };',
      "export { default as Menu } from './icons/menu.mjs';",
      "export { default as MapPin, default as MapPinIcon } from './icons/map-pin.mjs';",
      "export { default as Star } from './icons/star.mjs';",
    ].join('\n'),
    importedIds: [icon('index'), icon('menu'), icon('map-pin'), icon('star')],
  },
  [icon('index')]: {
    code: "export { default as Menu } from './menu.mjs';\nexport { default as Star } from './star.mjs';",
    importedIds: [icon('menu'), icon('star')],
  },
  [`${W}/app/route-table.tsx`]: { code: 'export const routes = [];', importedIds: [] },
  [`${W}/features/home/home-page.tsx`]: { code: 'export const Home = 1;', importedIds: [] },
  [`${W}/features/events/event-page.tsx`]: {
    code: [
      'import "mea-catalog:features/events/locales";',
      'import { MapPin, Star } from "lucide";',
      'import { EventBox } from "../tickets";',
      'import { onlyHere } from "./only-event";',
      'export const EventPage = [MapPin, Star, EventBox, onlyHere];',
    ].join('\n'),
    importedIds: [
      '\0mea-catalog:features/events/locales',
      LUCIDE,
      `${W}/features/tickets/index.ts`,
      `${W}/features/events/only-event.ts`,
    ],
  },
  '\0mea-catalog:features/events/locales': { code: '', importedIds: [] },
  [`${W}/features/tickets/index.ts`]: {
    code: 'export { EventBox } from "./box";\nexport { TicketsPanel } from "./panel";',
    importedIds: [`${W}/features/tickets/box.tsx`, `${W}/features/tickets/panel.tsx`],
  },
  [`${W}/features/tickets/box.tsx`]: { code: 'export const EventBox = 1;', importedIds: [] },
  [`${W}/features/tickets/panel.tsx`]: { code: 'export const TicketsPanel = 1;', importedIds: [] },
  [`${W}/features/events/only-event.ts`]: { code: 'export const onlyHere = 1;', importedIds: [] },
  [`${W}/features/events/events-page.tsx`]: {
    code: 'import { MapPin } from "lucide";\nimport { cjs } from "./legacy";\nexport const P = [MapPin, cjs];',
    importedIds: [LUCIDE, `${W}/features/events/legacy.js`],
  },
  // CommonJS: its imports cannot be matched to statements, so all of them count as used.
  [`${W}/features/events/legacy.js`]: {
    code: 'module.exports = require("./panel-user");',
    importedIds: [`${W}/features/tickets/panel.tsx`],
  },
  [`${W}/features/content/help-page.tsx`]: {
    code: 'import { Star } from "lucide";\nexport const Help = Star;',
    importedIds: [LUCIDE],
  },
};
const ctx = { getModuleInfo: (id: string) => graph[id] ?? null };

const pages = [
  { source: 'features/events/event-page.tsx' },
  { source: 'features/events/events-page.tsx' },
  { source: 'features/content/help-page.tsx', light: true as const },
];
const chunkOf = (id: string) => {
  const [group] = firstViewGroups(W, pages);
  return group?.name(id, ctx);
};

describe("the public pages' first-view chunks", () => {
  it("put a module only one page uses in that page's view chunk", () => {
    expect(chunkOf(`${W}/features/events/only-event.ts`)).toBe('view-event-page');
    expect(chunkOf(`${W}/features/tickets/box.tsx`)).toBe('view-event-page');
    expect(chunkOf('\0mea-catalog:features/events/locales')).toBe('view-event-page');
  });

  it('follow a feature index for the names asked of it, as tree shaking does', () => {
    // The tickets panel is re-exported by the index the event page imports, but not taken.
    expect(chunkOf(`${W}/features/tickets/panel.tsx`)).toBe('view-events-page');
    // lucide's `import * as index` is only re-exported, and nobody asks for `icons`.
    expect(chunkOf(icon('index'))).toBeNull();
  });

  it("share the heavier pages' modules in one chunk, and a light page's by the pages using them", () => {
    expect(chunkOf(icon('map-pin'))).toBe('shared-event-page');
    expect(chunkOf(icon('star'))).toBe('pages-event-page+help-page');
  });

  it('leave what the entry, the route table or the home page load where it is, and the pages', () => {
    expect(chunkOf(icon('menu'))).toBeNull();
    expect(chunkOf('\0mea-catalog:locales')).toBeNull();
    expect(chunkOf(`${W}/features/events/event-page.tsx`)).toBeNull();
  });

  it('name public pages the server preloads, and modules that exist', () => {
    const webRoot = fileURLToPath(new URL('../src/web/', import.meta.url));
    const served = PUBLIC_PAGE_MODULES.map((page) => page.source);
    for (const { source } of FIRST_VIEW_PAGES) {
      expect(served, source).toContain(source);
      expect(existsSync(`${webRoot}${source}`), source).toBe(true);
    }
  });
});
