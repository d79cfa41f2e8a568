import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import YAML from 'yaml';
const files = [
  ...fs.readdirSync('node_modules/@readme/oas-examples/3.0/json').filter((f) => f.endsWith('.json')).map((f) => `node_modules/@readme/oas-examples/3.0/json/${f}`),
  ...fs.readdirSync('node_modules/@readme/oas-examples/3.1/json').filter((f) => f.endsWith('.json')).map((f) => `node_modules/@readme/oas-examples/3.1/json/${f}`),
  ...fs.readdirSync('node_modules/@readme/oas-examples/2.0/json').filter((f) => f.endsWith('.json')).map((f) => `node_modules/@readme/oas-examples/2.0/json/${f}`),
  'node_modules/@octokit/openapi/generated/api.github.com.json',
];
let ok = 0, bad = 0, badSpec = 0;
for (const f of files) {
  const spec = JSON.parse(fs.readFileSync(f, 'utf8'));
  try { await SwaggerParser.validate(structuredClone(spec), { resolve: { http: false, file: false } } as never); ok++; }
  catch (e) {
    bad++;
    try { await SwaggerParser.validate(structuredClone(spec), { resolve: { http: false, file: false }, validate: { schema: false } } as never); } catch { badSpec++; }
    console.log('INVALID', path.basename(f), String((e as Error).message).split('\n')[0].slice(0, 120));
  }
}
console.log({ ok, bad, badSpec });
