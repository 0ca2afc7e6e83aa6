// Types of scripts/test-lib.mjs, for its tests.
export interface Counts {
  passed: number;
  failed: number;
  skipped?: number;
}
export interface Layer {
  name: string;
  counts: Counts;
  exitCode: number;
}
export interface RepeatRound {
  passed: number;
  failed: string[];
  error?: string;
}
export interface RepeatPlan {
  vitestProjects: string[];
  vitestFiles: string[];
  browserFiles: string[];
  wholeBrowser: boolean;
}
export function countTests(text: string): Required<Counts>;
export function countsText(counts: Counts): string;
/** Each failed test's name, then its first error line after a newline and four spaces. */
export function failedTests(text: string): string[];
export function wholeRunLine(layers: Layer[]): string;
export function timeLine(layers: { name: string; ms: number }[], totalMs: number): string;
export const SYSTEM_PACKAGES_COMMAND: string;
export function systemPlan(system: {
  hasChromium: boolean;
  hasHeadlessShell: boolean;
  hasFfmpeg: boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}): { action: 'ok' | 'install' | 'stop'; packages: string[]; message?: string };
export const REPEAT_USAGE: string;
export function parseRepeatArgs(argv: string[]): { targets: string[]; times: number };
export function planRepeat(targets: string[]): RepeatPlan;
export function vitestResults(report: unknown, root?: string): { passed: number; failed: string[] };
export function playwrightResults(report: unknown): { passed: number; failed: string[] };
export function repeatReport(rounds: RepeatRound[]): { text: string; ok: boolean };
