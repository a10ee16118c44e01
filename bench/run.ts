/** npm run bench [-- --suite smoke|full] [-- --repeat n] [-- --only text]: the same as `hfsim bench`, from the compiled CLI. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const CLI = join(import.meta.dirname, '..', 'src', 'cli', 'main.js');
const r = spawnSync(process.execPath, [CLI, 'bench', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exitCode = r.status ?? 1;
