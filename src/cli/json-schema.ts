/**
 * JSON Schemas of the scenario and sweep files, generated from their zod schemas (z.toJSONSchema), so an editor
 * completes and checks them; and of the outputs (result-format.ts), so a user's tools can check what they load. Written to schema/ by `npm run schema` (scripts/schema.ts) and shipped in the package;
 * test/cli/json-schema.test.ts fails when the files there differ from what the zod schemas generate now.
 * The input side of each schema: fields with defaults are optional. Checks zod makes in code (a name used twice,
 * capacities over 100%, a job's input naming no file) have no JSON Schema form; hfsim still reports them.
 * Plugins: the scenario schema lists the built-in policies, gates and preemptions with their configs, as the registry
 * holds them with no plugin loaded; a scenario naming a plugin's policy fails an editor's check, and hfsim runs it
 * when the plugin is loaded (--plugin).
 */
import { z } from 'zod';
import { gates, policies, preemptions } from '../core/framework/builtins.js';
import { scenarioSchema } from '../core/scenario.js';
import { aggregateSchema, pointResultSchema, runResultSchema } from './result-format.js';
import { sweepSchema } from './sweep-file.js';

/** Where the files live in the repository and in the package. */
export const SCHEMA_DIR = 'schema';

/** `io`: the input side of an input file's schema (fields with defaults optional), the output side of an output's. */
const SCHEMAS: ReadonlyArray<{ file: string; schema: z.ZodType; title: string; description: string; io: 'input' | 'output' }> = [
  { file: 'scenario.schema.json', schema: scenarioSchema, io: 'input', title: 'hfsim scenario', description: 'A cluster, a scheduler and a workload for `hfsim run` (README.md, "Scenarios").' },
  { file: 'sweep.schema.json', schema: sweepSchema, io: 'input', title: 'hfsim sweep', description: 'A base scenario over axes of values and seeds for `hfsim sweep` (README.md, "Sweeps").' },
  { file: 'result.schema.json', schema: runResultSchema, io: 'output', title: 'hfsim result', description: 'One variant\'s result, as `hfsim run --out` writes it and `--json` prints it (an array of these for several variants; README.md, "Results").' },
  { file: 'sweep-result.schema.json', schema: pointResultSchema, io: 'output', title: 'hfsim sweep result line', description: 'A line of a sweep\'s results.jsonl: the point and its result (README.md, "Sweeps").' },
  { file: 'sweep-aggregate.schema.json', schema: aggregateSchema, io: 'output', title: 'hfsim sweep aggregate', description: 'A sweep\'s aggregate.json: a row per point, metric and size bin (README.md, "Sweeps").' },
];

/** Each schema file's name and text (2-space JSON and a final newline), as `npm run schema` writes them. */
export function jsonSchemaFiles(): Array<{ file: string; text: string }> {
  return SCHEMAS.map(({ file, schema, title, description, io }) => {
    // draft-07: the draft editors (VS Code's JSON service among them) and ajv's default class know best
    const generated = z.toJSONSchema(schema, { io, target: 'draft-07' }) as Record<string, unknown>;
    if (schema === scenarioSchema) withPlugins(generated);
    const { $schema, ...rest } = generated;
    return { file, text: JSON.stringify({ $schema, title, description, ...rest }, null, 2) + '\n' };
  });
}

type Json = Record<string, any>;

const toJson = (schema: z.ZodType): Json => z.toJSONSchema(schema, { io: 'input', target: 'draft-07' }) as Json;

/** The scheduler's plugin fields as the registry holds them now: names as enums, each gate's config beside its mode. */
function withPlugins(scenario: Json): void {
  const scheduler = scenario.properties.scheduler.properties as Json;
  scheduler.policy = { ...scheduler.policy, enum: policies.names };
  scheduler.preemption.properties.policy = { ...scheduler.preemption.properties.policy, enum: preemptions.names };
  const { type: _type, properties: _properties, required: _required, additionalProperties: _additional, ...delay } = scheduler.delay as Json;
  scheduler.delay = {
    ...delay,
    oneOf: gates.names.map((name) => {
      const config = toJson(gates.find(name).config ?? z.strictObject({}));
      const { $schema: _s, ...fields } = config;
      return { ...fields, properties: { mode: { type: 'string', const: name }, ...fields.properties }, required: ['mode', ...(fields.required ?? [])] };
    }),
  };
}
