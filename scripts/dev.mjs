// `npm run dev`: the API server restarts on change (tsx watch) and Vite serves the SPA with hot
// reload on http://localhost:5173, proxying /api to the server on PORT (default 3000).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Lingui's macros in the server's code (scripts/lingui-register.mjs), for tsx's process.
const linguiHooks = fileURLToPath(new URL('./lingui-register.mjs', import.meta.url));
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import ${linguiHooks}`.trim();

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
  }),
  spawn('npx', ['vite', '--host', 'localhost'], { stdio: 'inherit' }),
];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 3000).unref();
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
