/**
 * A lazily loaded page's code could not be fetched: offline, or a deploy replaced the hashed
 * file the open tab still refers to. Re-rendering cannot fix it; reloading the page can.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Failed to load part of the page');
  }
}

// Browsers' own messages for a failed dynamic import, and Vite's preload helper's.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}
