// `npm run dev`: the API server restarts on change (tsx watch) and Vite serves the SPA with hot
// reload on http://localhost:5173, proxying /api to the server on PORT (default 3000).
import { spawn } from 'node:child_process';

const children = [
  spawn(
    'npx',
    [
      'tsx',
      'watch',
      '--clear-screen=false',
      '--import',
      './scripts/lingui-register.mjs',
      'src/server/main.ts',
    ],
    {
      stdio: 'inherit',
    },
  ),
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
