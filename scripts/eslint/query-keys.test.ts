import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own eslint.config.js, so this proves the rule is wired where it counts.
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function keyErrors(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax');
}

const header = [
  "import { queryOptions, useQueryClient } from '@tanstack/react-query';",
  "import { eventKeys } from './api';",
  'declare const id: string;',
  'declare const page: number;',
];

// Loading the project's config (typescript-eslint) takes seconds on a busy machine.
describe('literal query keys lint rule', { timeout: 60_000 }, () => {
  it('rejects a query key or an invalidation written as a literal array', async () => {
    const code = [
      ...header,
      "export const a = queryOptions({ queryKey: ['events', id], queryFn: () => 1 });",
      "export const b = queryOptions({ queryKey: ['events', 'mine'] as const, queryFn: () => 1 });",
      'export function useC() {',
      '  const client = useQueryClient();',
      "  return () => client.invalidateQueries({ queryKey: ['notifications'] });",
      '}',
      "export const d = queryOptions({ queryKey: [...eventKeys.all, 'x'], queryFn: () => 1 });",
    ].join('\n');
    const errors = await keyErrors(code, 'src/web/features/events/fixture.ts');
    expect(errors.map((e) => e.line)).toEqual([5, 6, 9, 11]);
    expect(errors[0]?.message).toBe(
      "Name the query key through the feature's key factory (e.g. eventKeys.detail(id)), not a literal array.",
    );
  });

  it('allows keys from a factory, extended by a value, and literal keys in tests', async () => {
    const code = [
      ...header,
      'export const a = queryOptions({ queryKey: eventKeys.detail(id), queryFn: () => 1 });',
      'export const b = queryOptions({ queryKey: [...eventKeys.all, page] as const, queryFn: () => 1 });',
      "export const keys = { all: ['events'] as const };",
    ].join('\n');
    expect(await keyErrors(code, 'src/web/features/events/fixture.ts')).toEqual([]);
    const literal = "export const k = { queryKey: ['events'] };\n";
    expect(await keyErrors(literal, 'src/web/features/events/fixture.test.ts')).toEqual([]);
  });
});
