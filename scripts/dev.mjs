// `npm run dev`: the whole site at http://localhost:8080 while you edit. The server restarts
// on change (tsx watch); the shell and every remote rebuild on change (webpack --watch, in
// development mode) and the server serves the new files at once: reload the page to see them.
// To work on one remote alone, use `npm run dev -w remotes/<name>` instead.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apps = ['shell', 'remotes/content', 'remotes/commerce', 'remotes/users-permissions', 'remotes/support'];

const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env: { COOKIE_SECURE: 'false', ...process.env } }),
  ...apps.map((app) =>
    spawn('npx', ['webpack', '--watch', '--mode', 'development'], { cwd: `${root}/${app}`, stdio: ['ignore', 'inherit', 'inherit'] }),
  ),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
