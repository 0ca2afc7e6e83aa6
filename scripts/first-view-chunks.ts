// Rolldown's code splitting, left alone, gives every set of lazy pages that share a module a
// chunk of its own: the event page's first view needed 37 files beyond the entry and the route
// table, most under 1 KB (an icon, a small API module that some other set of pages also uses),
// each one more request on a phone's slow network. The group below gathers the modules of the
// public pages' first views into a few chunks (decision 095).
import path from 'node:path';

/**
 * The public pages whose first views are grouped (their modules as Vite's manifest names them,
 * a subset of the server's PUBLIC_PAGE_MODULES), and those of them whose first view is light:
 * a module such a page shares is never put in a chunk with modules it does not use, so that the
 * help page, say, does not download the event page's code.
 */
export const FIRST_VIEW_PAGES: readonly { source: string; light?: true }[] = [
  { source: 'features/events/event-page.tsx' },
  { source: 'features/events/events-page.tsx' },
  { source: 'features/events/search-page.tsx' },
  { source: 'features/events/categories-page.tsx', light: true },
  { source: 'features/vendors/vendor-pages.tsx' },
  { source: 'features/content/blog-list-page.tsx', light: true },
  { source: 'features/content/blog-post-page.tsx', light: true },
  { source: 'features/content/help-page.tsx', light: true },
  { source: 'features/subscriptions/pricing-page.tsx' },
];

/** Loaded before any page: the entry, the route table and the home page (budget 120 KB). */
const HOME = 'features/home/home-page.tsx';
const SHELL = ['index.html', 'app/route-table.tsx', HOME];

interface ModuleInfo {
  code: string | null;
  importedIds: readonly string[];
  /** Absent in small test graphs: no lazy imports. */
  dynamicallyImportedIds?: readonly string[];
  dynamicImporters?: readonly string[];
}
interface ModuleGraph {
  getModuleInfo(id: string): ModuleInfo | null;
}
interface Group {
  debugName: string;
  name: (id: string, ctx: ModuleGraph) => string | null;
  includeDependenciesRecursively: boolean;
}

/** One static `import … from` / `export … from` / `import '…'` of a module, target resolved. */
interface Edge {
  kind: 'import' | 'export';
  clause: string;
  target: string;
}

const STATEMENT =
  /^(import|export)\b([^;]*?)\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/**
 * The module's static imports and re-exports with their targets, or null when they cannot be
 * matched to Rolldown's resolved ids (CommonJS, code a plugin rewrote): such a module is then
 * taken to need all of everything it imports.
 */
function edgesOf(id: string, info: ModuleInfo): Edge[] | null {
  if (info.code === null) return null;
  const ids = info.importedIds.filter((target) => !target.includes('preload-helper'));
  const extra = info.importedIds.filter((target) => target.includes('preload-helper'));
  const bySpecifier = new Map<string, string>();
  const taken = new Set<string>();
  let next = 0;
  const edges: Edge[] = [];
  for (const match of info.code.matchAll(STATEMENT)) {
    const specifier = (match[3] ?? match[4]) as string;
    let target = bySpecifier.get(specifier);
    if (target === undefined) {
      // Two specifiers can name one module ('mea:lingui-react' and '../i18n/lingui-react');
      // Rolldown lists it once, in the order of the first.
      const base = specifier.startsWith('.') ? path.resolve(path.dirname(id), specifier) : null;
      target = base
        ? EXTENSIONS.map((ext) => base + ext).find((file) => taken.has(file))
        : undefined;
      if (target === undefined) {
        target = ids[next++];
        if (target === undefined) return null;
        taken.add(target);
      }
      bySpecifier.set(specifier, target);
    }
    edges.push({
      kind: match[1] === 'export' ? 'export' : 'import',
      clause: (match[2] ?? '').trim(),
      target,
    });
  }
  if (next !== ids.length) return null;
  return [...edges, ...extra.map((target) => ({ kind: 'import' as const, clause: '', target }))];
}

/** The names an import or export clause takes from its module: (imported, local) pairs, or '*'. */
function namesOf(clause: string): [string, string][] | '*' {
  if (/^\*(?!\s+as)|\*\s+as\s/.test(clause)) return '*';
  const names: [string, string][] = [];
  const defaultName = /^([\w$]+)\s*(,|$)/.exec(clause)?.[1];
  if (defaultName && defaultName !== 'type') names.push(['default', defaultName]);
  const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
  for (const part of braces.split(',')) {
    const words = part.trim().replace(/^type\s+/, '');
    if (!words) continue;
    const [imported, local = imported] = words.split(/\s+as\s+/).map((word) => word.trim());
    names.push([imported as string, local as string]);
  }
  return names;
}

const LOCAL_EXPORTS = /^export\s*\{([^}]*)\}\s*;?\s*$/gm;

/** How often each identifier appears in a module's code, strings left out. */
function mentionsOf(code: string): Map<string, number> {
  const counts = new Map<string, number>();
  // Strings left out: './icons/index.mjs' does not mention `index`.
  const bare = code.replace(/(["'])[^"'\n]*\1/g, '""');
  for (const [word] of bare.matchAll(/(?<![\w$.])[A-Za-z_$][\w$]*/g))
    counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** What the walks of one build learn about a module, kept for the next walk. */
interface Known {
  edges: Map<string, Edge[] | null>;
  mentions: Map<string, Map<string, number>>;
}

/**
 * Whether a module's code uses an imported binding for something it needs: a binding whose only
 * other mention is a re-export (`import * as icons from …; export { icons }`, as lucide-react's
 * index does) is used only when that export is needed.
 */
function isUsed(
  id: string,
  info: ModuleInfo,
  local: string,
  wanted: Set<string>,
  known: Known,
): boolean {
  if (wanted.has('*')) return true;
  const code = info.code ?? '';
  let mentions = known.mentions.get(id);
  if (!mentions) {
    mentions = mentionsOf(code);
    known.mentions.set(id, mentions);
  }
  if (mentions.get(local) !== 2) return true;
  for (const match of code.matchAll(LOCAL_EXPORTS))
    for (const part of (match[1] ?? '').split(',')) {
      const [name, exported = name] = part
        .trim()
        .split(/\s+as\s+/)
        .map((word) => word.trim());
      if (name === local) return wanted.has(exported as string);
    }
  return true;
}

/**
 * The modules a start module really loads: following each import for the names it takes, so a
 * feature's `index.ts` (which re-exports all of it) brings only what is asked of it, as Rolldown's
 * tree shaking does. A module any of whose exports is needed is taken whole.
 */
function usedModules(ctx: ModuleGraph, starts: string[], known: Known) {
  const { edges } = known;
  const need = new Map<string, Set<string>>();
  const work: string[] = [];
  const add = (id: string, names: Iterable<string>) => {
    const current = need.get(id) ?? new Set<string>();
    if (current.has('*')) return;
    const before = need.has(id) ? current.size : -1;
    for (const name of names) current.add(name);
    need.set(id, current);
    if (current.size !== before) work.push(id);
  };
  for (const start of starts) add(start, ['*']);
  while (work.length > 0) {
    const id = work.pop() as string;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    if (!edges.has(id)) edges.set(id, edgesOf(id, info));
    const moduleEdges = edges.get(id);
    if (!moduleEdges) {
      for (const target of info.importedIds) add(target, ['*']);
      continue;
    }
    const wanted = need.get(id) as Set<string>;
    for (const { kind, clause, target } of moduleEdges) {
      const names = namesOf(clause);
      if (kind === 'import') {
        if (clause === '') add(target, ['*']);
        else {
          const namespace = /\*\s+as\s+([\w$]+)/.exec(clause)?.[1];
          const bindings: [string, string][] =
            names === '*' ? (namespace ? [['*', namespace]] : []) : names;
          const taken = bindings.filter(([, local]) => isUsed(id, info, local, wanted, known));
          if (taken.length > 0)
            add(
              target,
              taken.map(([imported]) => imported),
            );
        }
      } else if (names === '*') {
        const alias = /\*\s+as\s+([\w$]+)/.exec(clause)?.[1];
        if (wanted.has('*') || (alias && wanted.has(alias))) add(target, ['*']);
        else if (!alias) add(target, wanted);
      } else {
        const taken = names.filter(([, local]) => wanted.has('*') || wanted.has(local));
        if (taken.length > 0)
          add(
            target,
            taken.map(([imported]) => imported),
          );
      }
    }
  }
  return new Set(need.keys());
}

/**
 * Every module that some code loads with `import()` (the lazy pages and the later parts of pages),
 * with the listed page whose later part it is, when only that page's modules import it.
 */
function lazyEntries(ctx: ModuleGraph, roots: string[], used: Map<string, Set<string>>) {
  const lazy = new Map<string, { owner: string | null; importers: readonly string[] }>();
  const seen = new Set<string>();
  const work = [...roots];
  while (work.length > 0) {
    const id = work.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    work.push(...info.importedIds);
    for (const target of info.dynamicallyImportedIds ?? []) {
      work.push(target);
      if (lazy.has(target)) continue;
      const importers = ctx.getModuleInfo(target)?.dynamicImporters ?? [];
      const owners = [...used].filter(([, modules]) =>
        importers.every((importer) => modules.has(importer)),
      );
      lazy.set(target, { owner: owners.length === 1 ? (owners[0]?.[0] ?? null) : null, importers });
    }
  }
  return lazy;
}

/** Above this size (code before minifying), a module that other code uses is left to Rolldown. */
const SMALL = 4096;

/**
 * Rolldown's groups for the public pages' first views. A module that only one of these pages
 * uses goes into that page's `view-…` chunk. Modules shared by several of the heavier pages go
 * into one `shared-…` chunk named for the first of them in the list, so the event page's first
 * view is its own chunk, its view chunk and one shared chunk (a page later in the list may then
 * download a little of an earlier page's code). Modules a light page shares keep a chunk per set
 * of pages that use them. Modules the entry, the route table or the home page load stay where
 * they are, and so does every module no listed page loads.
 *
 * Any other code that uses a grouped module downloads its whole chunk, so a module that other
 * code uses too does not share a chunk with modules only the pages use: it goes into a `…-later`
 * chunk of its group when the public pages' own later parts use it (the home page's sections),
 * else into a `…-common` one (the other pages); and when it is large (zod, sonner, the class
 * merger) it is left to Rolldown, which gives it a chunk per set of users. A page's own later
 * parts (the event page's sections) do not count: they load after that page anyway.
 *
 * Captured modules' dependencies are not pulled in after them (`includeDependenciesRecursively`
 * would pull React and the shell into the groups).
 */
export function firstViewGroups(
  webRoot: string,
  pages: readonly { source: string; light?: true }[] = FIRST_VIEW_PAGES,
): Group[] {
  let chunkOf: Map<string, string> | undefined;
  const chunks = (ctx: ModuleGraph) => {
    if (chunkOf) return chunkOf;
    const at = (source: string) => path.join(webRoot, source);
    const known: Known = { edges: new Map(), mentions: new Map() };
    const shell = usedModules(ctx, SHELL.map(at), known);
    const users = new Map<string, { name: string; light: boolean }[]>();
    const used = new Map<string, Set<string>>();
    for (const { source, light } of pages) {
      const name = path.basename(source).replace(/\.tsx?$/, '');
      const modules = usedModules(ctx, [at(source)], known);
      used.set(name, modules);
      for (const id of modules) {
        // Other virtual modules (Vite's preload helper) belong to the entry.
        const isVirtual = id.startsWith('\0') && !id.startsWith('\0mea-catalog:');
        if (shell.has(id) || id === at(source) || isVirtual) continue;
        users.set(id, [...(users.get(id) ?? []), { name, light: light === true }]);
      }
    }
    // Who else loads a grouped module: the public pages' own later parts (lazy parts of the code
    // these pages and the home page load without the route table: the home page's sections, the
    // header's menus), or only other code (the other pages).
    const front = new Set(usedModules(ctx, [at('index.html'), at(HOME)], known));
    for (const modules of used.values()) for (const id of modules) front.add(id);
    const later = new Set<string>();
    const elsewhere = new Set<string>();
    for (const [entry, { owner, importers }] of lazyEntries(
      ctx,
      [at('index.html'), at(HOME)],
      used,
    )) {
      if (pages.some((page) => at(page.source) === entry)) continue;
      const isLater = importers.some((importer) => front.has(importer));
      for (const id of usedModules(ctx, [entry], known)) {
        const pageSet = users.get(id);
        if (!pageSet || pageSet.some((page) => page.name === owner)) continue;
        (isLater ? later : elsewhere).add(id);
      }
    }
    chunkOf = new Map();
    for (const [id, pageSet] of users) {
      const names = pageSet.map((page) => page.name);
      const others = later.has(id) ? '-later' : elsewhere.has(id) ? '-common' : '';
      if (others && (ctx.getModuleInfo(id)?.code?.length ?? 0) > SMALL) continue;
      const group =
        names.length === 1
          ? `view-${names[0]}`
          : pageSet.some((page) => page.light)
            ? `pages-${names.join('+')}`
            : `shared-${names[0]}`;
      chunkOf.set(id, group + others);
    }
    return chunkOf;
  };
  return [
    {
      debugName: 'public first views',
      name: (id, ctx) => chunks(ctx).get(id) ?? null,
      includeDependenciesRecursively: false,
    },
  ];
}
