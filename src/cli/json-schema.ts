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
import { gates, policies, preemptions, replications } from '../core/framework/builtins.js';
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

/** The registry lookups this needs: each plugin's name and config schema (none: it takes no config). */
interface Registry {
  readonly names: readonly string[];
  find(name: string): { readonly config?: z.ZodType<unknown> };
}

/** A plugin's config as a JSON Schema (none: an empty object), without its $schema. */
function configJson(registry: Registry, name: string): Json {
  const { $schema: _s, ...fields } = toJson(registry.find(name).config ?? z.strictObject({}));
  return fields;
}

/**
 * For an object that names a plugin in `nameKey` (omitted: `defaultName`) and holds its config in `configKey`: one
 * if/then a plugin, checking the config against the named plugin's schema (as parseScenario does).
 */
function configByName(registry: Registry, nameKey: string, configKey: string, defaultName: string): Json[] {
  return registry.names.map((name) => ({
    if: { properties: { [nameKey]: { const: name } }, ...(name === defaultName ? {} : { required: [nameKey] }) },
    then: { properties: { [configKey]: configJson(registry, name) } },
  }));
}

/**
 * The scheduler's plugin fields as the registry holds them now: names as enums, each gate's config beside its mode,
 * each policy's, preemption's and replication policy's config by the name beside it (policyConfig and the configs
 * took any object: a misspelled Quincy cost or a config for a policy that takes none passed an editor's check).
 */
function withPlugins(scenario: Json): void {
  const scheduler = scenario.properties.scheduler.properties as Json;
  scheduler.policy = { ...scheduler.policy, enum: policies.names };
  scenario.properties.scheduler.allOf = configByName(policies, 'policy', 'policyConfig', scheduler.policy.default);
  const preemption = scheduler.preemption as Json;
  preemption.properties.policy = { ...preemption.properties.policy, enum: preemptions.names };
  preemption.allOf = configByName(preemptions, 'policy', 'config', preemption.properties.policy.default);
  const { type: _rt, properties: _rp, required: _rr, additionalProperties: _ra, ...replication } = scheduler.replication as Json;
  scheduler.replication = {
    ...replication,
    oneOf: replications.names.map((name) => ({
      type: 'object', properties: { policy: { type: 'string', const: name }, config: { default: {}, ...configJson(replications, name) } }, required: ['policy'], additionalProperties: false,
    })),
  };
  const { type: _type, properties: _properties, required: _required, additionalProperties: _additional, ...delay } = scheduler.delay as Json;
  scheduler.delay = {
    ...delay,
    oneOf: gates.names.map((name) => {
      const fields = configJson(gates, name);
      return { ...fields, properties: { mode: { type: 'string', const: name }, ...fields.properties }, required: ['mode', ...(fields.required ?? [])] };
    }),
  };
}
