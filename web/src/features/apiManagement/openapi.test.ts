import { describe, expect, it } from 'vitest';
import { authorizationNotes, curlExample, operationsByTag, schemaFields, typeText, type OpenApiDocument } from './openapi';
import { SAMPLE_OPENAPI } from './openapi.fixture';

const doc = SAMPLE_OPENAPI as OpenApiDocument;

describe('reading an OpenAPI document', () => {
  it('groups operations by tag in the document order', () => {
    const tags = operationsByTag(doc);
    expect(tags.map((tag) => tag.name)).toEqual(['asking', 'data']);
    expect(tags[0].operations.map((op) => `${op.method} ${op.path}`)).toEqual(['post /api/v1/ask', 'get /api/v1/asks/{taskId}']);
    expect(tags[0].operations[1].parameters.map((p) => p.name)).toEqual(['taskId']);
  });

  it('follows $refs to the fields of a schema, with their types', () => {
    const fields = schemaFields(doc, { $ref: '#/components/schemas/AskResult' });
    expect(fields.map((f) => [f.name, typeText(f.schema), f.required])).toEqual([
      ['taskId', 'string (uuid)', true],
      ['status', '"FINISHED" | "FAILED"', true],
      ['sql', 'string | null', false],
      ['chart', 'null | Chart', false],
      ['rows', 'array of array of object', true],
    ]);
    expect(fields[2].description).toBe('The SQL, once written.');
  });

  it('writes the bearer header and a curl call with the smallest body', () => {
    expect(authorizationNotes(doc)).toEqual([
      { name: 'apiKey', header: 'Authorization: Bearer <key>', description: 'An API secret key from api-management/keys' },
    ]);
    const [ask, getAsk] = operationsByTag(doc)[0].operations;
    expect(curlExample(doc, ask, 'https://quarry.example')).toBe(
      [
        "curl -X POST 'https://quarry.example/api/v1/ask'",
        "-H 'Authorization: Bearer <key>'",
        "-H 'Content-Type: application/json'",
        `-d '{"question":"string"}'`,
      ].join(' \\\n  '),
    );
    expect(curlExample(doc, getAsk, 'https://quarry.example')).toBe(
      "curl -X GET 'https://quarry.example/api/v1/asks/<taskId>' \\\n  -H 'Authorization: Bearer <key>'",
    );
  });
});
