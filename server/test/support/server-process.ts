/**
 * The real server entry (`server/src/server.ts`) as a child process, for suites that need a whole
 * process: a kill -9 (durability), a cluster of workers (workers).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
}

/**
 * The environment of a server on a fresh SQLite file in `dataDir` in demo mode (demo data) and no web build.
 * The caller's database and broker settings are dropped unless `extra` sets them.
 */
export function serverEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    SIMULATOR_RATE_PER_MIN: '0',
    ...extra,
  };
  for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'MQTT_URL', 'API_WORKERS', 'API_WORKER_INDEX']) if (!(key in extra)) delete env[key];
  return env;
}

export function spawnServer(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

/** Starts the server and waits for its banner (printed once it, or every worker, listens). */
export function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const { child, output } = spawnServer(env);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 45 s:\n${output()}`));
    }, 45_000);
    child.stdout!.on('data', () => {
      const m = /Designer work platform is running\n {2}http:\/\/127\.0\.0\.1:(\d+)/.exec(output());
      if (!m) return;
      clearTimeout(timer);
      resolve({ child, port: Number(m[1]), base: `http://127.0.0.1:${m[1]}`, output });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited early (code ${code}, signal ${signal}):\n${output()}`));
    });
  });
}

/** The child's exit, once its output pipes are closed too (so `output()` is complete, and no worker holds them). */
export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const done = () => ({ code: child.exitCode, signal: child.signalCode });
  if ((child.exitCode !== null || child.signalCode !== null) && child.stdout!.closed && child.stderr!.closed) return Promise.resolve(done());
  return new Promise((resolve) => child.once('close', () => resolve(done())));
}

/** Whether a process of this id is running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
