// npm runs `prepare` after `npm install` and `npm ci` in a clone: it builds dist/, so `npx hfsim` works (README).
// A production install (`npm ci --omit=dev`) has no TypeScript and cannot build: it says so and lets the install
// finish, instead of failing it with "tsc: not found" (dist/ must then come from elsewhere, e.g. a build copied in).
// Plain JavaScript, not TypeScript: it runs before anything is built.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
try {
  require.resolve('typescript/package.json');
} catch {
  process.stderr.write('hfsim prepare: TypeScript is not installed (npm install --omit=dev?): dist/ not built; install the dev dependencies, then npm run build\n');
  process.exit(0);
}
// The build script itself, through the npm that runs this one (npm_execpath), or the npm on PATH.
const npm = process.env.npm_execpath;
const r = npm ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(r.status ?? 1);
