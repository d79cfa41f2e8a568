import fs from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { importOpenApi } from '/work/wt/stack/importers/openapi.ts';
const file = '/work/wt/stack/node_modules/@octokit/openapi/generated/api.github.com.json';
const text = fs.readFileSync(file, 'utf8');
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const mode = process.argv[2];
const t0 = cpu();
const spec = JSON.parse(text);
const t1 = cpu();
let pages = 0;
if (mode === 'lazy') { const tree = importOpenApi(spec); pages = tree.catalogs.reduce((n, c) => n + c.pages.length, 0); }
if (mode === 'validate') { await SwaggerParser.validate(structuredClone(spec), { resolve: { http: false, file: false } } as never); }
if (mode === 'validate-nodereff') { await SwaggerParser.validate(structuredClone(spec), { resolve: { http: false, file: false }, dereference: { circular: 'ignore' } } as never); }
if (mode === 'deref') { const d = await SwaggerParser.dereference(spec, { resolve: { http: false, file: false } } as never); const t = cpu(); const tree = importOpenApi(d); pages = tree.catalogs.reduce((n, c) => n + c.pages.length, 0); console.log('deref-only ms', (t - t1).toFixed(0)); }
if (mode === 'bundle') { await SwaggerParser.bundle(spec, { resolve: { http: false, file: false } } as never); }
const t2 = cpu();
console.log(mode, 'parse ms', (t1 - t0).toFixed(0), 'work ms', (t2 - t1).toFixed(0), 'pages', pages, 'rss MB', (process.memoryUsage().rss / 1048576).toFixed(0));
if (mode === 'spec-only' || mode === 'schema-only') {
  const t = cpu();
  await SwaggerParser.validate(structuredClone(spec), { resolve: { http: false, file: false }, validate: mode === 'spec-only' ? { schema: false } : { spec: false } } as never);
  console.log(mode, 'ms', (cpu() - t).toFixed(0));
}
