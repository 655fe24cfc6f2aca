/**
 * A process for shutdown.test.ts, run with `node --import tsx`: it drains a stand-in app whose
 * close takes 200 ms on SIGTERM and SIGINT (lib/shutdown.ts), then loads signal-exit as
 * write-file-atomic does for each file it writes (a mail or SMS file in progress when the signal
 * comes). Prints `ready` once both are in place; the drain prints `closed` before the exit.
 */
import { createRequire } from 'node:module';
import { drainOnSignals } from '../../src/lib/shutdown';

const log = { info: (message: string) => console.log(message), error: (message: string) => console.error(message) };
drainOnSignals({ log, close: () => new Promise((resolve) => setTimeout(resolve, 200)) });

// The signal-exit that write-file-atomic itself requires, with a write's clean-up registered.
const { onExit } = createRequire(require.resolve('write-file-atomic'))('signal-exit') as typeof import('signal-exit');
onExit(() => undefined);
// Kept alive until a signal ends it.
setInterval(() => undefined, 60_000);
console.log('ready');
