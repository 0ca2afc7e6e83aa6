import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_MODULES } from '../src/server/platform/http/page-preload';
import { FIRST_VIEW_PAGES, firstViewGroups } from './first-view-chunks';

const W = '/app/src/web';
const LUCIDE = '/app/node_modules/lucide/index.mjs';
const icon = (name: string) => `/app/node_modules/lucide/icons/${name}.mjs`;

interface Info {
  code: string | null;
  importedIds: string[];
  dynamicallyImportedIds?: string[];
  dynamicImporters?: string[];
}

/** A small app as Rolldown shows it to a group's `name`: each module's code and its imports. */
const graph: Record<string, Info> = {
  [`${W}/index.html`]: { code: 'import "/main.tsx";', importedIds: [`${W}/main.tsx`] },
  [`${W}/main.tsx`]: {
    code: 'import { Menu } from "lucide";\nimport "mea-catalog:locales";\nexport const x = Menu;',
    importedIds: [LUCIDE, '\0mea-catalog:locales'],
    dynamicallyImportedIds: [`${W}/app/route-table.tsx`],
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
  [`${W}/app/route-table.tsx`]: {
    code: 'export const routes = [];',
    importedIds: [],
    dynamicallyImportedIds: [
      `${W}/features/events/event-page.tsx`,
      `${W}/features/events/events-page.tsx`,
      `${W}/features/content/help-page.tsx`,
      `${W}/features/admin/admin-page.tsx`,
    ],
  },
  [`${W}/features/home/home-page.tsx`]: {
    code: 'export const Home = 1;',
    importedIds: [],
    dynamicallyImportedIds: [`${W}/features/home/section.tsx`],
  },
  // A part of the home page that loads after its first view, and a page of the rest of the app.
  [`${W}/features/home/section.tsx`]: {
    code: 'import { Card } from "../events/card";\nexport const Section = Card;',
    importedIds: [`${W}/features/events/card.tsx`],
  },
  [`${W}/features/admin/admin-page.tsx`]: {
    code: 'import { Badge } from "../events/badge";\nimport { big } from "../events/big";\nexport const A = [Badge, big];',
    importedIds: [`${W}/features/events/badge.tsx`, `${W}/features/events/big.ts`],
  },
  [`${W}/features/events/card.tsx`]: { code: 'export const Card = 1;', importedIds: [] },
  [`${W}/features/events/badge.tsx`]: { code: 'export const Badge = 1;', importedIds: [] },
  [`${W}/features/events/big.ts`]: {
    code: `export const big = "${'x'.repeat(5000)}";`,
    importedIds: [],
  },
  // The event page's own later part: what it uses stays with the page.
  [`${W}/features/events/event-sections.tsx`]: {
    code: 'import { onlyHere } from "./only-event";\nexport const Sections = onlyHere;',
    importedIds: [`${W}/features/events/only-event.ts`],
  },
  [`${W}/features/events/event-page.tsx`]: {
    code: [
      'import "mea-catalog:features/events/locales";',
      'import { MapPin, Star } from "lucide";',
      'import { EventBox } from "../tickets";',
      'import { onlyHere } from "./only-event";',
      'import { Card } from "./card";',
      'import { Badge } from "./badge";',
      'import { big } from "./big";',
      'export const EventPage = [MapPin, Star, EventBox, onlyHere, Card, Badge, big];',
    ].join('\n'),
    importedIds: [
      '\0mea-catalog:features/events/locales',
      LUCIDE,
      `${W}/features/tickets/index.ts`,
      `${W}/features/events/only-event.ts`,
      `${W}/features/events/card.tsx`,
      `${W}/features/events/badge.tsx`,
      `${W}/features/events/big.ts`,
    ],
    dynamicallyImportedIds: [`${W}/features/events/event-sections.tsx`],
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
// Rolldown tells each module who imports it with `import()`.
for (const [id, info] of Object.entries(graph))
  for (const target of info.dynamicallyImportedIds ?? []) {
    const lazy = graph[target] as Info;
    lazy.dynamicImporters = [...(lazy.dynamicImporters ?? []), id];
  }
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

  it('keep apart the modules that other code loads too, and leave large ones to Rolldown', () => {
    // The home page's section would otherwise download the event page's own modules.
    expect(chunkOf(`${W}/features/events/card.tsx`)).toBe('view-event-page-later');
    expect(chunkOf(`${W}/features/events/badge.tsx`)).toBe('view-event-page-common');
    expect(chunkOf(`${W}/features/events/big.ts`)).toBeNull();
    // The event page's own later part loads after it anyway.
    expect(chunkOf(`${W}/features/events/only-event.ts`)).toBe('view-event-page');
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
