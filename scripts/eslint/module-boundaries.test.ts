import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own eslint.config.js, so this proves the rule is wired where it counts.
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
const fixture = (name: string) =>
  readFileSync(new URL(`fixtures/${name}.fixture`, import.meta.url), 'utf8');

async function boundaryErrors(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/module-boundaries');
}

// Loading the project's config (typescript-eslint) takes seconds on a busy machine.
describe('module boundaries lint rule', { timeout: 60_000 }, () => {
  it("reports every import of another module's internal files", async () => {
    const errors = await boundaryErrors(
      fixture('reaches-into-queries'),
      'src/server/modules/vendors/fixture.ts',
    );
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 8]);
    expect(errors[0]?.message).toBe(
      "'vendors' may not import 'events/events.policy', an internal file of module 'events': import it through 'events/events.service.ts' (docs/architecture.md).",
    );
  });

  it('allows services, the commerce group, the manifest types and platform code', async () => {
    const errors = await boundaryErrors(
      fixture('through-services'),
      'src/server/modules/payments/fixture.ts',
    );
    expect(errors).toEqual([]);
  });

  it('treats a module outside the commerce group as its own module', async () => {
    const errors = await boundaryErrors(
      "import { expireHolds } from '../orders/holds';\nexport const f = expireHolds;\n",
      'src/server/modules/events/fixture.ts',
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses a service file other than the module service', async () => {
    const code = (target: string) =>
      `import { x } from '../orders/${target}';\nexport const f = x;\n`;
    const path = 'src/server/modules/admin/fixture.ts';
    expect(await boundaryErrors(code('orders.service'), path)).toEqual([]);
    expect(await boundaryErrors(code('refunds.service'), path)).toHaveLength(1);
  });

  it('leaves files outside src/server/modules alone', async () => {
    const errors = await boundaryErrors(
      "import { expireHolds } from '../server/modules/orders/holds';\nexport const f = expireHolds;\n",
      'src/bench-like/fixture.ts',
    );
    expect(errors).toEqual([]);
  });
});
