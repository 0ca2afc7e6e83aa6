// Runs the built server (the path in argv[2]) in this process and writes its memory, as
// process.memoryUsage() says it, to BENCH_HEAP_FILE every 50 ms, and to BENCH_HEAP_FILE.collected
// after a full collection when the process gets SIGUSR2. Started by startBuiltServer with
// `heapProbe`, under `node --expose-gc`: the export bench reads the heap the server uses beside
// the RSS the system sees (garbage not yet collected counts in both, but only the heap says how
// much of it is live).
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const file = process.env.BENCH_HEAP_FILE ?? '';
const write = (path: string) => writeFileSync(path, JSON.stringify(process.memoryUsage()));
setInterval(() => write(file), 50).unref();
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  write(`${file}.collected`);
});
await import(pathToFileURL(process.argv[2] ?? '').href);
