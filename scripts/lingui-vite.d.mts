import type { Plugin } from 'vite';

export function linguiPlugins(options: { webRoot: string; stripMessages: boolean }): Plugin[];
