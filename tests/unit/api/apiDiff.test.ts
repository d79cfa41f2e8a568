import { describe, expect, it } from 'vitest';
import { diffApiSnapshots, type ApiDiff } from '../../../core/apiDiff.ts';
import { snapshotOpenApi } from '../../../importers/openapi/snapshot.ts';

/** A small OpenAPI 3.0 document around one operation, so each test changes one thing. */
function spec(op: Record<string, unknown>, extra: Record<string, unknown> = {}, path = '/pets/{petId}', method = 'get') {
  return {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    paths: { [path]: { [method]: { operationId: 'getPet', responses: { '200': { description: 'ok' } }, ...op } } },
    components: {
      schemas: {
        Pet: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'integer' }, name: { type: 'string' }, tag: { type: 'string', enum: ['cat', 'dog'] } },
        },
      },
    },
    ...extra,
  };
}

const petIdParam = { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } };

function diff(before: unknown, after: unknown): ApiDiff {
  return diffApiSnapshots(snapshotOpenApi(before), snapshotOpenApi(after));
}

function rules(d: ApiDiff): Record<string, boolean> {
  return Object.fromEntries(d.operations.flatMap((o) => o.reasons.map((r) => [r.rule, r.breaking])));
}

function reasonPaths(d: ApiDiff): string[] {
  return d.operations.flatMap((o) => o.reasons.map((r) => r.path));
}

describe('API diff: operations', () => {
  it('finds nothing between a document and itself', () => {
    const d = diff(spec({ parameters: [petIdParam] }), spec({ parameters: [petIdParam] }));
    expect(d.operations).toEqual([]);
    expect(d.summary).toEqual({ added: 0, removed: 0, changed: 0, breaking: 0 });
  });

  it('marks a removed operation breaking and an added one not', () => {
    const before = spec({});
    const after = { ...spec({}), paths: { '/pets': { post: { responses: { '201': { description: 'made' } } } } } };
    const d = diff(before, after);
    expect(d.summary).toEqual({ added: 1, removed: 1, changed: 0, breaking: 1 });
    expect(d.operations[0]).toMatchObject({ method: 'GET', path: '/pets/{petId}', change: 'removed', breaking: true });
    expect(d.operations[1]).toMatchObject({ method: 'POST', path: '/pets', change: 'added', breaking: false });
    expect(d.operations[0]?.reasons[0]?.path).toBe('paths./pets/{petId}.get');
  });

  it('treats a renamed path parameter as the same operation', () => {
    const after = spec({ parameters: [{ ...petIdParam, name: 'id' }] }, {}, '/pets/{id}');
    const d = diff(spec({ parameters: [petIdParam] }), after);
    expect(d.summary).toMatchObject({ added: 0, removed: 0, changed: 1, breaking: 0 });
  });
});

describe('API diff: request parameters', () => {
  it('marks a new required parameter breaking and a new optional one not', () => {
    const required = diff(spec({}), spec({ parameters: [{ name: 'fields', in: 'query', required: true, schema: { type: 'string' } }] }));
    expect(rules(required)).toEqual({ 'request-parameter-required-added': true });
    expect(reasonPaths(required)).toEqual(['paths./pets/{petId}.get.parameters.query.fields']);
    const optional = diff(spec({}), spec({ parameters: [{ name: 'fields', in: 'query', schema: { type: 'string' } }] }));
    expect(rules(optional)).toEqual({ 'request-parameter-added': false });
    expect(optional.summary.breaking).toBe(0);
  });

  it('marks an optional parameter that became required breaking', () => {
    const p = { name: 'limit', in: 'query', schema: { type: 'integer' } };
    expect(rules(diff(spec({ parameters: [p] }), spec({ parameters: [{ ...p, required: true }] })))).toEqual({ 'request-parameter-became-required': true });
  });

  it('marks a narrowed or changed parameter type breaking, and integer widened to number not', () => {
    const p = (type: string) => ({ parameters: [{ name: 'limit', in: 'query', schema: { type } }] });
    expect(rules(diff(spec(p('number')), spec(p('integer'))))).toEqual({ 'request-type-changed': true });
    expect(rules(diff(spec(p('integer')), spec(p('string'))))).toEqual({ 'request-type-changed': true });
    expect(rules(diff(spec(p('integer')), spec(p('number'))))).toEqual({ 'request-type-changed': false });
  });

  it('marks a removed enum value breaking for inputs, an added one not', () => {
    const p = (values: string[]) => ({ parameters: [{ name: 'status', in: 'query', schema: { type: 'string', enum: values } }] });
    const removed = diff(spec(p(['available', 'pending', 'sold'])), spec(p(['available', 'sold'])));
    expect(rules(removed)).toEqual({ 'request-enum-value-removed': true });
    expect(removed.operations[0]?.reasons[0]).toMatchObject({
      path: 'paths./pets/{petId}.get.parameters.query.status.enum',
      message: 'value "pending" removed',
    });
    expect(rules(diff(spec(p(['a'])), spec(p(['a', 'b']))))).toEqual({ 'request-enum-value-added': false });
  });

  it('does not count a removed parameter or a new description as breaking', () => {
    const p = { name: 'limit', in: 'query', schema: { type: 'integer' } };
    expect(rules(diff(spec({ parameters: [p] }), spec({})))).toEqual({ 'request-parameter-removed': false });
    expect(rules(diff(spec({ parameters: [p] }), spec({ parameters: [{ ...p, description: 'how many' }] })))).toEqual({
      'request-parameter-description-changed': false,
    });
  });
});

describe('API diff: request body', () => {
  const body = (schema: unknown, required = true) => ({ requestBody: { required, content: { 'application/json': { schema } } } });

  it('marks a new required body property breaking, a new optional one not', () => {
    const before = body({ $ref: '#/components/schemas/Pet' });
    const withRequired = body({
      allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', required: ['owner'], properties: { owner: { type: 'string' } } }],
    });
    const d = diff(spec(before, {}, '/pets', 'post'), spec(withRequired, {}, '/pets', 'post'));
    expect(rules(d)).toEqual({ 'request-property-required-added': true });
    expect(reasonPaths(d)).toEqual(['paths./pets.post.requestBody.content.application/json.schema.properties.owner']);
    const withOptional = body({ allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { owner: { type: 'string' } } }] });
    expect(rules(diff(spec(before, {}, '/pets', 'post'), spec(withOptional, {}, '/pets', 'post')))).toEqual({ 'request-property-added': false });
  });

  it('marks a body property type change and a body that became required breaking', () => {
    const schema = (t: string) => ({ type: 'object', properties: { age: { type: t } } });
    expect(rules(diff(spec(body(schema('string'))), spec(body(schema('boolean')))))).toEqual({ 'request-type-changed': true });
    expect(rules(diff(spec(body(schema('string'), false)), spec(body(schema('string'), true))))).toEqual({ 'request-body-became-required': true });
  });

  it('follows $refs into the components so a change there shows in every operation using it', () => {
    const before = spec(body({ $ref: '#/components/schemas/Pet' }));
    const after = structuredClone(before) as any;
    after.components.schemas.Pet.properties.tag.enum = ['cat'];
    const d = diff(before, after);
    expect(rules(d)).toEqual({ 'request-enum-value-removed': true });
    expect(reasonPaths(d)).toEqual(['paths./pets/{petId}.get.requestBody.content.application/json.schema.properties.tag.enum']);
  });
});

describe('API diff: responses', () => {
  const ok = (schema: unknown) => ({
    responses: { '200': { description: 'ok', content: { 'application/json': { schema } } }, '404': { description: 'missing' } },
  });

  it('marks a removed response property breaking, an added one not', () => {
    const before = ok({ $ref: '#/components/schemas/Pet' });
    const after = structuredClone(spec(before)) as any;
    delete after.components.schemas.Pet.properties.tag;
    after.components.schemas.Pet.properties.born = { type: 'string', format: 'date' };
    const d = diff(spec(before), after);
    expect(rules(d)).toEqual({ 'response-property-removed': true, 'response-property-added': false });
    expect(reasonPaths(d)).toContain('paths./pets/{petId}.get.responses.200.content.application/json.schema.properties.tag');
  });

  it('marks a removed success status breaking, a removed error status not', () => {
    const both = { responses: { '200': { description: 'ok' }, '404': { description: 'missing' } } };
    expect(rules(diff(spec(both), spec({ responses: { '201': { description: 'ok' }, '404': { description: 'missing' } } })))).toEqual({
      'response-success-status-removed': true,
      'response-status-added': false,
    });
    expect(rules(diff(spec(both), spec({ responses: { '200': { description: 'ok' } } })))).toEqual({ 'response-status-removed': false });
  });

  it('marks a retyped response property breaking and descriptions/examples not', () => {
    const schema = (t: string, description?: string, example?: unknown) => ok({ type: 'object', properties: { id: { type: t, description, example } } });
    expect(rules(diff(spec(schema('integer')), spec(schema('string'))))).toEqual({ 'response-type-changed': true });
    expect(rules(diff(spec(schema('integer')), spec(schema('integer', 'the id', 7))))).toEqual({
      'response-description-changed': false,
      'response-example-changed': false,
    });
  });
});

describe('API diff: security', () => {
  const withSecurity = (security: unknown) => spec({ security }, { components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } } });

  it('marks a security requirement added to a public operation breaking', () => {
    const d = diff(spec({}), withSecurity([{ key: [] }]));
    expect(rules(d)).toEqual({ 'security-requirement-added': true });
    expect(reasonPaths(d)).toEqual(['paths./pets/{petId}.get.security']);
  });

  it('does not mark a new alternative way in as breaking', () => {
    const d = diff(withSecurity([{ key: [] }]), withSecurity([{ key: [] }, { oauth: [] }]));
    expect(rules(d)).toEqual({ 'security-changed': false });
  });

  it('inherits the document-level requirement', () => {
    const before = { ...spec({}), security: [] };
    const after = { ...spec({}), security: [{ key: [] }] };
    expect(rules(diff(before, after))).toEqual({ 'security-requirement-added': true });
  });
});

describe('API snapshot', () => {
  it('reads Swagger 2.0 bodies, form fields and response schemas into the 3.x shape', () => {
    const swagger = {
      swagger: '2.0',
      info: { title: 'Old', version: '1' },
      consumes: ['application/json'],
      paths: {
        '/pets': {
          post: {
            parameters: [{ in: 'body', name: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }],
            responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Pet' } } },
          },
        },
        '/upload': {
          post: {
            consumes: ['multipart/form-data'],
            parameters: [{ in: 'formData', name: 'file', type: 'file', required: true }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      definitions: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, parent: { $ref: '#/definitions/Pet' } } } },
    };
    const snap = snapshotOpenApi(swagger);
    const post = snap.operations.find((o) => o.path === '/pets')!;
    // The named schema is stored once and used by reference, the recursive one included.
    expect(post.requestBody).toMatchObject({ required: true, content: { 'application/json': { $ref: '#/definitions/Pet' } } });
    expect(post.responses['200']?.content['application/json']).toEqual({ $ref: '#/definitions/Pet' });
    expect(snap.schemas!['#/definitions/Pet']).toMatchObject({ type: ['object'], required: ['name'], properties: { parent: { $ref: '#/definitions/Pet' } } });
    const upload = snap.operations.find((o) => o.path === '/upload')!;
    expect(upload.requestBody).toMatchObject({
      required: true,
      content: { 'multipart/form-data': { required: ['file'], properties: { file: { type: ['file'] } } } },
    });
  });

  it('reads OpenAPI 3.1 type arrays and 3.0 nullable alike', () => {
    const a = snapshotOpenApi(spec({ parameters: [{ name: 'q', in: 'query', schema: { type: 'string', nullable: true } }] }));
    const b = snapshotOpenApi({ ...spec({ parameters: [{ name: 'q', in: 'query', schema: { type: ['string', 'null'] } }] }), openapi: '3.1.0' });
    expect(a.operations[0]?.parameters[0]?.schema.type).toEqual(['null', 'string']);
    expect(b.operations[0]?.parameters[0]?.schema).toEqual(a.operations[0]?.parameters[0]?.schema);
  });
});

describe('API diff: error answers', () => {
  it('reports a changed error body without calling it breaking', () => {
    const errorBody = (props: Record<string, unknown>) => ({
      responses: {
        '200': { description: 'ok' },
        default: { description: 'error', content: { 'application/json': { schema: { type: 'object', properties: props } } } },
      },
    });
    const d = diff(spec(errorBody({ code: { type: 'integer' }, message: { type: 'string' } })), spec(errorBody({ code: { type: 'integer' } })));
    expect(rules(d)).toEqual({ 'response-property-removed': false });
    expect(d.summary.breaking).toBe(0);
  });
});

describe('API diff: narrowed inputs', () => {
  const q = (schema: Record<string, unknown>) => ({ parameters: [{ name: 'q', in: 'query', schema }] });

  it('marks a type given to an untyped parameter breaking (narrowed)', () => {
    const d = diff(spec(q({})), spec(q({ type: 'integer' })));
    expect(rules(d)).toEqual({ 'request-type-narrowed': true });
    expect(reasonPaths(d)).toEqual(['paths./pets/{petId}.get.parameters.query.q.type']);
  });

  it('marks a format added to a request value breaking, a format dropped not', () => {
    expect(rules(diff(spec(q({ type: 'string' })), spec(q({ type: 'string', format: 'date-time' }))))).toEqual({ 'request-format-changed': true });
    expect(rules(diff(spec(q({ type: 'string', format: 'date-time' })), spec(q({ type: 'string' }))))).toEqual({ 'request-format-changed': false });
  });

  it('marks an enum put on a free request value breaking, an enum lifted not', () => {
    expect(rules(diff(spec(q({ type: 'string' })), spec(q({ type: 'string', enum: ['a'] }))))).toEqual({ 'request-enum-added': true });
    expect(rules(diff(spec(q({ type: 'string', enum: ['a'] })), spec(q({ type: 'string' }))))).toEqual({ 'request-enum-removed': false });
  });

  it('marks a tighter bound breaking and a looser one not, naming the keyword', () => {
    const tighter = diff(spec(q({ type: 'string', maxLength: 50 })), spec(q({ type: 'string', maxLength: 20 })));
    expect(rules(tighter)).toEqual({ 'request-maxLength-narrowed': true });
    expect(reasonPaths(tighter)).toEqual(['paths./pets/{petId}.get.parameters.query.q.maxLength']);
    expect(rules(diff(spec(q({ type: 'integer', minimum: 1 })), spec(q({ type: 'integer', minimum: 0 }))))).toEqual({ 'request-minimum-widened': false });
    expect(rules(diff(spec(q({ type: 'integer' })), spec(q({ type: 'integer', maximum: 100 }))))).toEqual({ 'request-maximum-narrowed': true });
    expect(rules(diff(spec(q({ type: 'string' })), spec(q({ type: 'string', pattern: '^[a-z]+$' }))))).toEqual({ 'request-pattern-changed': true });
  });

  it('marks a request media type no longer accepted breaking', () => {
    const body = (types: string[]) => ({ requestBody: { content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'object' } }])) } });
    expect(rules(diff(spec(body(['application/json', 'application/xml'])), spec(body(['application/json']))))).toEqual({ 'request-media-type-removed': true });
    expect(rules(diff(spec(body(['application/json'])), spec(body(['application/json', 'application/xml']))))).toEqual({ 'request-media-type-added': false });
  });
});

describe('API diff: responses that promise less', () => {
  const ok = (schema: unknown) => ({ responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } });

  it('marks a response property that may now be missing breaking', () => {
    const s = (required: string[]) => ok({ type: 'object', required, properties: { id: { type: 'integer' } } });
    expect(rules(diff(spec(s(['id'])), spec(s([]))))).toEqual({ 'response-property-became-optional': true });
  });

  it('marks a response bound loosened breaking and tightened not', () => {
    const s = (maxLength: number) => ok({ type: 'object', properties: { name: { type: 'string', maxLength } } });
    expect(rules(diff(spec(s(20)), spec(s(50))))).toEqual({ 'response-maxLength-widened': true });
    expect(rules(diff(spec(s(50)), spec(s(20))))).toEqual({ 'response-maxLength-narrowed': false });
  });

  it('marks a success response media type removed breaking', () => {
    const both = {
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } }, 'text/csv': { schema: { type: 'string' } } } } },
    };
    expect(rules(diff(spec(both), spec(ok({ type: 'object' }))))).toEqual({ 'response-media-type-removed': true });
  });
});

describe('API diff: what is never breaking', () => {
  it('reports descriptions, summaries, examples and deprecation without calling them breaking', () => {
    const before = spec({ parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] });
    const after = spec({
      summary: 'Find a pet',
      description: 'Returns one pet.',
      deprecated: true,
      parameters: [{ name: 'q', in: 'query', description: 'free text', schema: { type: 'string', example: 'rex', description: 'what to look for' } }],
    });
    const d = diff(before, after);
    expect(rules(d)).toEqual({
      'summary-changed': false,
      'description-changed': false,
      'operation-deprecated': false,
      'request-parameter-description-changed': false,
      'request-description-changed': false,
      'request-example-changed': false,
    });
    expect(d.summary).toEqual({ added: 0, removed: 0, changed: 1, breaking: 0 });
  });

  it('does not call a new optional body, response status or response property breaking', () => {
    const d = diff(
      spec({}),
      spec({
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { extra: { type: 'string' } } } } } },
          '429': { description: 'slow down' },
        },
      }),
    );
    expect(rules(d)).toEqual({ 'request-body-added': false, 'response-media-type-added': false, 'response-status-added': false });
    expect(d.summary.breaking).toBe(0);
  });
});

describe('API diff: deprecated properties and parameters', () => {
  // Spotify's Web API deprecated `popularity`, `available_markets`, … in its responses (2026):
  // a change of the API its clients must hear about, though not a breaking one.
  const pet = (popularity: Record<string, unknown>) => ({ type: 'object', properties: { id: { type: 'integer' }, popularity } });
  const ok = (schema: unknown) => ({ responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } });

  it('reports a response property marked deprecated, not breaking, at its JSON path', () => {
    const d = diff(spec(ok(pet({ type: 'integer' }))), spec(ok(pet({ type: 'integer', deprecated: true }))));
    expect(rules(d)).toEqual({ 'response-property-deprecated': false });
    expect(reasonPaths(d)).toEqual(['paths./pets/{petId}.get.responses.200.content.application/json.schema.properties.popularity.deprecated']);
    expect(d.summary).toEqual({ added: 0, removed: 0, changed: 1, breaking: 0 });
  });

  it('reports a request body property and a parameter marked deprecated, not breaking', () => {
    const body = (deprecated: boolean) => ({
      content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', ...(deprecated ? { deprecated } : {}) } } } } },
    });
    const param = (deprecated: boolean) => ({ name: 'q', in: 'query', schema: { type: 'string' }, ...(deprecated ? { deprecated } : {}) });
    const d = diff(spec({ parameters: [param(false)], requestBody: body(false) }), spec({ parameters: [param(true)], requestBody: body(true) }));
    expect(rules(d)).toEqual({ 'request-parameter-deprecated': false, 'request-property-deprecated': false });
    expect(reasonPaths(d)).toEqual([
      'paths./pets/{petId}.get.parameters.query.q.deprecated',
      'paths./pets/{petId}.get.requestBody.content.application/json.schema.properties.name.deprecated',
    ]);
  });
});

describe('API diff: read-only and write-only properties (one schema for requests and responses)', () => {
  // A Pet schema used both as the body of POST /pets and as its answer, as most APIs write it.
  const pets = (pet: Record<string, unknown>) => ({
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    paths: {
      '/pets': {
        post: {
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          responses: { '201': { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
        },
      },
    },
    components: { schemas: { Pet: pet } },
  });
  const name = { type: 'string' };

  it('does not call a new required read-only property breaking for requests (clients never send it)', () => {
    const d = diff(
      pets({ type: 'object', required: ['name'], properties: { name } }),
      pets({ type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', readOnly: true }, name } }),
    );
    expect(d.summary.breaking).toBe(0);
    expect(rules(d)).toEqual({ 'request-property-added': false, 'response-property-added': false });
  });

  it('does not call a write-only property removed from answers breaking (servers never return it)', () => {
    const d = diff(
      pets({ type: 'object', properties: { name, password: { type: 'string', writeOnly: true } } }),
      pets({ type: 'object', properties: { name } }),
    );
    expect(d.summary.breaking).toBe(0);
    expect(rules(d)).toEqual({ 'request-property-removed': false, 'response-property-removed': false });
  });

  it('still calls a new required writable property breaking, and reports a property made read-only', () => {
    const before = pets({ type: 'object', required: ['name'], properties: { name, age: { type: 'integer' } } });
    expect(
      rules(diff(before, pets({ type: 'object', required: ['name', 'owner'], properties: { name, age: { type: 'integer' }, owner: { type: 'string' } } }))),
    ).toMatchObject({ 'request-property-required-added': true });
    const d = diff(before, pets({ type: 'object', required: ['name'], properties: { name, age: { type: 'integer', readOnly: true } } }));
    expect(rules(d)).toEqual({ 'request-property-access-changed': false, 'response-property-access-changed': false });
    expect(reasonPaths(d)).toContain('paths./pets.post.requestBody.content.application/json.schema.properties.age.readOnly');
  });
});

describe('API diff against a version stored in the first snapshot format', () => {
  // Format 1 (before deprecated/readOnly/writeOnly were kept): what a server of that time stored.
  const stored = (s: ReturnType<typeof snapshotOpenApi>) =>
    JSON.parse(JSON.stringify(s, (k, v) => (['format', 'deprecated', 'readOnly', 'writeOnly'].includes(k) && typeof v !== 'object' ? undefined : v)));
  const doc = (extra: Record<string, unknown> = {}) =>
    spec({
      parameters: [{ name: 'q', in: 'query', deprecated: true, schema: { type: 'string' } }],
      responses: {
        '200': {
          description: 'ok',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, rank: { type: 'integer', deprecated: true }, ...extra } },
            },
          },
        },
      },
    });

  it('finds nothing new in an unchanged API that has deprecated and read-only parts', () => {
    const old = stored(snapshotOpenApi(doc()));
    expect(old.format).toBeUndefined();
    expect(diffApiSnapshots(old, snapshotOpenApi(doc())).operations).toEqual([]);
  });

  it('reports only the real change', () => {
    const d = diffApiSnapshots(stored(snapshotOpenApi(doc())), snapshotOpenApi(doc({ name: { type: 'string' } })));
    expect(rules(d)).toEqual({ 'response-property-added': false });
  });
});
