/** `npm run schema`: writes schema/*.schema.json from the zod schemas (src/cli/json-schema.ts). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_DIR, jsonSchemaFiles } from '../src/cli/json-schema.js';
import { readFlags } from '../bench/flags.js';

readFlags({ script: 'schema', usage: 'usage: npm run schema (no flags)', flags: {} });

const dir = join(import.meta.dirname, '..', '..', SCHEMA_DIR); // dist/scripts -> the repository
mkdirSync(dir, { recursive: true });
for (const { file, text } of jsonSchemaFiles()) {
  writeFileSync(join(dir, file), text);
  process.stdout.write(`wrote ${SCHEMA_DIR}/${file}\n`);
}
