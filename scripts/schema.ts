/** `npm run schema`: writes schema/*.schema.json from the zod schemas (src/cli/json-schema.ts). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_DIR, jsonSchemaFiles } from '../src/cli/json-schema.js';
import { writeOutputs } from '../src/cli/output.js';
import { readFlags } from '../bench/flags.js';

readFlags({ script: 'schema', usage: 'usage: npm run schema (no flags)', flags: {} });

const dir = join(import.meta.dirname, '..', '..', SCHEMA_DIR); // dist/scripts -> the repository
mkdirSync(dir, { recursive: true });
const files = jsonSchemaFiles();
// All whole or none (a full disk cut scenario.schema.json to what fitted, and ended on a stack trace).
try {
  writeOutputs(files.map(({ file, text }) => [join(dir, file), text]));
} catch (err) {
  process.stderr.write(`schema: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
for (const { file } of files) process.stdout.write(`wrote ${SCHEMA_DIR}/${file}\n`);
