/**
 * `npm run dev`: the API with restart-on-change, and the web app through Vite with hot reload.
 * Vite forwards /v1 to the API, so the browser still sees one origin.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';
const apiUrl = `http://127.0.0.1:${apiPort}`;
const webPort = process.env.PORT ?? '3000';
// The API's links (emails) must lead to the pages, which Vite serves on its own port, not to the API's.
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;
const env = { ...process.env, NODE_ENV: 'development', API_URL: apiUrl, PUBLIC_URL: publicUrl };

const children = [
  spawn(
    process.execPath,
    [
      '--import=./scripts/fast-start.ts',
      '--watch-path=apps/api',
      '--watch-path=apps/host',
      '--watch-path=packages',
      'apps/host/src/server.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, PARVOZ_ROLE: 'api', PORT: apiPort },
    },
  ),
  spawn(path.join(root, 'node_modules/.bin/react-router'), ['dev', '--port', webPort], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env,
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
