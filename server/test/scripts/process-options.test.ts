/**
 * The compiled server starts alike everywhere (server/process-options.json, issue 33 item 6):
 * `npm start` and the tests' server processes read the file; the server image and
 * `npm start -w server` write its flags and environment out, and must say the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import processOptions from '../../process-options.json';
import { SERVER_ROOT } from '../../src/settings';

const environment = Object.entries(processOptions.env).map(([name, value]) => `${name}=${value}`);

describe('how the compiled server is started', () => {
  it('the server image sets the same environment and runs node with the same flags', () => {
    const dockerfile = fs.readFileSync(path.join(SERVER_ROOT, '..', 'docker', 'server.Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['node', ...processOptions.nodeArgs, 'dist/main.js']);
    for (const assignment of environment) expect(dockerfile).toMatch(new RegExp(`^ENV ${assignment}$`, 'm'));
  });

  it('`npm start -w server` runs the same command', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe([...environment, 'node', ...processOptions.nodeArgs, 'dist/main.js'].join(' '));
  });
});
