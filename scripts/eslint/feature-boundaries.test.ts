import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own eslint.config.js, so this proves the rule is wired where it counts.
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function boundaryErrors(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/feature-boundaries');
}

// Loading the project's config (typescript-eslint) takes seconds on a busy machine.
describe('web feature boundaries lint rule', { timeout: 60_000 }, () => {
  it("rejects every way into a sibling feature's internal files", async () => {
    const code = [
      "import { eventQuery } from '../events/api';",
      "import { CopyButton } from '../events/components/copy-button';",
      "import type { EventDetail } from '../events/api.ts';",
      "export { EventGrid } from '../events/event-grid';",
      "export const load = () => import('../streaming/stream-notifications');",
      'export const all = [eventQuery, CopyButton];',
      'export type Detail = EventDetail;',
    ].join('\n');
    const errors = await boundaryErrors(code, 'src/web/features/tickets/fixture.tsx');
    expect(errors.map((e) => e.line)).toEqual([1, 2, 3, 4, 5]);
    expect(errors[0]?.message).toBe(
      "Feature 'tickets' may not import 'events/api', a file inside feature 'events': import it from 'events' (its index.ts), or move what several features share to src/web/components or src/web/lib (docs/architecture.md).",
    );
  });

  it('rejects the same reach from a subfolder of a feature', async () => {
    const errors = await boundaryErrors(
      "import { PostCard } from '../../content/post-card';\nexport const all = [PostCard];\n",
      'src/web/features/events/components/fixture.tsx',
    );
    expect(errors).toHaveLength(1);
  });

  it("allows a sibling's index, the feature's own files and shared code", async () => {
    const code = [
      "import { eventQuery } from '../events';",
      "import { useSession } from '../session/index';",
      "import { myTicketsQuery } from './api';",
      "import { TicketLinks } from './components/ticket-links';",
      "import { CopyButton } from '../../components/copy-button';",
      "import { paths } from '../../lib/paths';",
      "import { lazyPage } from '../../app/lazy-page';",
      "import type { Event } from '../../../contracts/events';",
      'export const all = [eventQuery, useSession, myTicketsQuery, TicketLinks, CopyButton];',
      'export const more = [paths, lazyPage];',
      'export type E = Event;',
    ].join('\n');
    expect(await boundaryErrors(code, 'src/web/features/tickets/fixture.tsx')).toEqual([]);
  });

  it('keeps shared components and lib free of any feature', async () => {
    const code =
      "import { useSession } from '../features/session';\nexport const f = useSession;\n";
    const errors = await boundaryErrors(code, 'src/web/components/fixture.tsx');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('shared pieces depend on no feature');
    expect(await boundaryErrors(code, 'src/web/lib/fixture.ts')).toHaveLength(1);
  });

  it('leaves the app shell, which composes the features, alone', async () => {
    const errors = await boundaryErrors(
      "import { NotificationBell } from '../../features/notifications/notification-bell';\nexport const f = NotificationBell;\n",
      'src/web/app/layouts/fixture.tsx',
    );
    expect(errors).toEqual([]);
  });
});
