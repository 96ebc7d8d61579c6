#!/usr/bin/env node
// npm test: every check CI runs, in order, stopping at the first failure.
//   node scripts/test.mjs                 all steps
//   node scripts/test.mjs lint unit       only the named steps (names below)
// Each tool runs with `node node_modules/…` (not npx) and its own output and summary stay visible;
// a summary of the steps with their durations comes last. TEST_DATABASE_URL passes through.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNodeVersion } from './lib/node-version.mjs';

checkNodeVersion();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const bin = {
  tsc: 'node_modules/typescript/bin/tsc',
  eslint: 'node_modules/eslint/bin/eslint.js',
  vitest: 'node_modules/vitest/vitest.mjs',
  vite: 'node_modules/vite/bin/vite.js',
  playwright: 'node_modules/@playwright/test/cli.js',
};

/**
 * A step is one or more commands (each `[script, ...args]`, run with this node), run in turn.
 * Consecutive steps with the same `together` run at the same time, each on its own core (tsc and
 * eslint are single-threaded); their output is printed whole as each one ends.
 */
const steps = [
  {
    name: 'typecheck',
    together: 'static',
    title: '类型检查 / Type-check (tsc: web, server, e2e)',
    commands: [
      [bin.tsc, '-p', 'tsconfig.json'],
      [bin.tsc, '-p', 'server/tsconfig.json'],
      [bin.tsc, '-p', 'e2e/tsconfig.json'],
    ],
  },
  { name: 'lint', together: 'static', title: '代码规范 / Lint (eslint .)', commands: [[bin.eslint, '.']] },
  {
    name: 'unit',
    title: '单元测试 / Unit tests (vitest: unit, unit-dom and the module-mocking files isolated)',
    commands: [[bin.vitest, 'run', ...['unit', 'unit-dom', 'unit-mocks', 'unit-dom-mocks'].flatMap((p) => ['--project', p])]],
  },
  {
    name: 'server',
    title: '服务端集成测试 / Server integration tests (vitest --project server)',
    commands: [[bin.vitest, 'run', '--project', 'server']],
  },
  { name: 'build', title: '前端构建 / Web build (vite build)', commands: [[bin.vite, 'build']] },
  { name: 'e2e', title: '端到端测试 / End-to-end tests (playwright test)', commands: [[bin.playwright, 'test']] },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !steps.some((s) => s.name === w));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? steps.filter((s) => wanted.includes(s.name)) : steps;

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// Ctrl-C reaches the running tool directly (same process group); remember it and stop after it.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (interrupted = true));

/**
 * Runs `node script …args`; resolves to its exit code (1 when killed). With `capture`, its output
 * goes into `capture.chunks` (stdout and stderr interleaved as they came) instead of the terminal.
 */
function run(script, args, capture) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: capture ? { ...process.env, FORCE_COLOR: color ? '1' : '0' } : process.env,
    });
    if (capture) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => capture.chunks.push(chunk));
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Runs a step's commands in turn; prints as it goes, or all at the end when `buffered`. */
async function runStep(step, index, buffered) {
  const header = paint('1;36', `━━ [${index + 1}/${selected.length}] ${step.title} `.padEnd(100, '━'));
  const capture = buffered ? { chunks: [] } : undefined;
  const say = (line) => (capture ? capture.chunks.push(Buffer.from(`${line}\n`)) : console.log(line));
  if (!buffered) console.log(`\n${header}`);
  const t0 = Date.now();
  let status = 0;
  for (const [script, ...args] of step.commands) {
    say(paint('2', `$ node ${script} ${args.join(' ')}`));
    status = await run(script, args, capture);
    if (status !== 0 || interrupted) break;
  }
  if (capture) {
    console.log(`\n${header}`);
    process.stdout.write(Buffer.concat(capture.chunks));
  }
  return { step, passed: status === 0 && !interrupted, ms: Date.now() - t0 };
}

// Consecutive steps that share `together` form one group; a group's steps run at the same time.
const groups = [];
for (const step of selected) {
  const last = groups.at(-1);
  if (last && step.together && last[0].together === step.together) last.push(step);
  else groups.push([step]);
}

const results = [];
const started = Date.now();
for (const group of groups) {
  const outcomes = await Promise.all(group.map((step) => runStep(step, selected.indexOf(step), group.length > 1)));
  results.push(...outcomes);
  if (outcomes.some((o) => !o.passed)) break;
}

console.log(`\n${paint('1', '━━ 汇总 / Summary '.padEnd(100, '━'))}`);
for (const step of selected) {
  const result = results.find((r) => r.step === step);
  const mark = !result ? paint('2', 'SKIP') : result.passed ? paint('32', 'PASS') : paint('31', 'FAIL');
  console.log(`  ${mark}  ${step.name.padEnd(10)} ${result ? seconds(result.ms).padStart(8) : '       –'}  ${step.title}`);
}
const failed = results.find((r) => !r.passed);
console.log(`  ${'total'.padStart(16)} ${seconds(Date.now() - started).padStart(8)}`);
if (failed) {
  console.log(paint('31', `\n失败 / FAILED at step "${failed.step.name}"${interrupted ? ' (interrupted)' : ''}`));
  process.exit(1);
}
console.log(paint('32', '\n全部通过 / All steps passed'));
