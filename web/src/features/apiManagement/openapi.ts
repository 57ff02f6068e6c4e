// Reading the OpenAPI 3.x document of /api/v1 for the reference tab: operations grouped by
// tag, "$ref"s followed, types worded, and a curl example per operation.

export interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  enum?: unknown[];
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
  nullable?: boolean;
  example?: unknown;
  default?: unknown;
  additionalProperties?: boolean | OpenApiSchema;
}

export interface OpenApiParameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: OpenApiSchema;
}

export interface OpenApiMediaType {
  schema?: OpenApiSchema;
  example?: unknown;
}

export interface OpenApiRequestBody {
  $ref?: string;
  description?: string;
  required?: boolean;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiResponse {
  $ref?: string;
  description?: string;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  deprecated?: boolean;
  parameters?: OpenApiParameter[];
  requestBody?: OpenApiRequestBody;
  responses?: Record<string, OpenApiResponse>;
  security?: Record<string, string[]>[];
}

export interface OpenApiSecurityScheme {
  type: string;
  scheme?: string;
  bearerFormat?: string;
  name?: string;
  in?: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  components?: {
    schemas?: Record<string, OpenApiSchema>;
    securitySchemes?: Record<string, OpenApiSecurityScheme>;
    parameters?: Record<string, OpenApiParameter>;
    requestBodies?: Record<string, OpenApiRequestBody>;
    responses?: Record<string, OpenApiResponse>;
  };
  tags?: { name: string; description?: string }[];
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ReferenceOperation {
  id: string;
  method: HttpMethod;
  path: string;
  operation: OpenApiOperation;
  parameters: OpenApiParameter[];
}

export interface ReferenceTag {
  name: string;
  description?: string;
  operations: ReferenceOperation[];
}

/** The name a local reference points at: '#/components/schemas/AskResult' → 'AskResult'. */
export function refName(ref: string): string {
  const parts = ref.split('/');
  return decodePointer(parts[parts.length - 1] ?? ref);
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** What a local "$ref" points at, or undefined when it points nowhere (or elsewhere). */
export function lookup(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const segment of ref.slice(2).split('/').map(decodePointer)) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The object itself, or what its "$ref" chain ends at (cycles stop after a few hops). */
export function resolve<T extends { $ref?: string }>(doc: OpenApiDocument, value: T | undefined): T | undefined {
  let current = value;
  for (let hops = 0; current?.$ref && hops < 8; hops += 1) {
    current = lookup(doc, current.$ref) as T | undefined;
  }
  return current;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The operations of the document, grouped by their first tag, in the document's order. */
export function operationsByTag(doc: OpenApiDocument): ReferenceTag[] {
  const tags = new Map<string, ReferenceTag>();
  for (const tag of doc.tags ?? []) tags.set(tag.name, { name: tag.name, description: tag.description, operations: [] });
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? (item.parameters as OpenApiParameter[]) : [];
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const op = operation as OpenApiOperation;
      const tagName = op.tags?.[0] ?? 'other';
      if (!tags.has(tagName)) tags.set(tagName, { name: tagName, operations: [] });
      const own = (op.parameters ?? []).map((p) => resolve(doc, p)).filter((p): p is OpenApiParameter => !!p);
      const inherited = shared
        .map((p) => resolve(doc, p))
        .filter((p): p is OpenApiParameter => !!p && !own.some((o) => o.name === p.name && o.in === p.in));
      tags.get(tagName)?.operations.push({
        id: op.operationId ?? `${method}-${path}`,
        method,
        path,
        operation: op,
        parameters: [...inherited, ...own],
      });
    }
  }
  return [...tags.values()].filter((tag) => tag.operations.length > 0);
}

/** A type as a list of words and schema names (names link to the schema's fields). */
export type TypePart = { text: string } | { ref: string };

function typeParts(schema: OpenApiSchema | undefined, depth = 0): TypePart[] {
  if (!schema) return [{ text: 'any' }];
  if (schema.$ref) return [{ ref: refName(schema.$ref) }];
  if (depth > 6) return [{ text: '…' }];
  const union = schema.oneOf ?? schema.anyOf;
  if (union && union.length > 0) return joinParts(union.map((s) => typeParts(s, depth + 1)), ' | ');
  if (schema.allOf && schema.allOf.length > 0) return joinParts(schema.allOf.map((s) => typeParts(s, depth + 1)), ' & ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = schema.nullable || types.includes('null');
  const concrete = types.filter((t) => t !== 'null');
  let parts: TypePart[];
  if (schema.enum && schema.enum.length > 0) {
    parts = [{ text: schema.enum.filter((v) => v !== null).map((v) => JSON.stringify(v)).join(' | ') }];
  } else if (concrete.length === 0) {
    parts = [{ text: types.includes('null') ? 'null' : schema.properties ? 'object' : 'any' }];
    return parts;
  } else {
    parts = joinParts(
      concrete.map((type) => {
        if (type === 'array') return [{ text: 'array of ' }, ...typeParts(schema.items, depth + 1)];
        return [{ text: schema.format ? `${type} (${schema.format})` : type }];
      }),
      ' | ',
    );
  }
  return nullable ? [...parts, { text: ' | null' }] : parts;
}

function joinParts(groups: TypePart[][], separator: string): TypePart[] {
  return groups.flatMap((group, index) => (index === 0 ? group : [{ text: separator }, ...group]));
}

/** Adjacent words merged, so a type reads as few pieces as possible. */
export function describeType(schema: OpenApiSchema | undefined): TypePart[] {
  const merged: TypePart[] = [];
  for (const part of typeParts(schema)) {
    const last = merged[merged.length - 1];
    if ('text' in part && last && 'text' in last) merged[merged.length - 1] = { text: last.text + part.text };
    else merged.push(part);
  }
  return merged;
}

export function typeText(schema: OpenApiSchema | undefined): string {
  return describeType(schema)
    .map((part) => ('text' in part ? part.text : part.ref))
    .join('');
}

export interface SchemaField {
  name: string;
  schema: OpenApiSchema;
  required: boolean;
  description?: string;
}

/** The fields of an object schema (its "$ref" followed and its allOf parts merged). */
export function schemaFields(doc: OpenApiDocument, schema: OpenApiSchema | undefined, depth = 0): SchemaField[] {
  const resolved = resolve(doc, schema);
  if (!resolved || depth > 6) return [];
  const fromParts = (resolved.allOf ?? []).flatMap((part) => schemaFields(doc, part, depth + 1));
  const required = new Set(resolved.required ?? []);
  const own = Object.entries(resolved.properties ?? {}).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
    description: property.description ?? (property.allOf?.length === 1 ? property.allOf[0].description : undefined),
  }));
  return [...fromParts, ...own];
}

/** The schema names a type mentions at its top level, for the "see X" links. */
export function schemaName(schema: OpenApiSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return refName(schema.$ref);
  if (schema.items?.$ref) return refName(schema.items.$ref);
  return undefined;
}

function exampleOf(doc: OpenApiDocument, schema: OpenApiSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.$ref) return exampleOf(doc, resolve(doc, schema), depth + 1);
  const union = schema.oneOf ?? schema.anyOf;
  if (union) {
    const first = union.find((s) => s.type !== 'null') ?? union[0];
    return exampleOf(doc, first, depth + 1);
  }
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleOf(doc, part, depth + 1) ?? {}));
  }
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-0000-0000-000000000000';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      return 'string';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [exampleOf(doc, schema.items, depth + 1)];
    case 'object': {
      // Required fields only: the smallest body the call accepts.
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(([name]) => required.has(name));
      return Object.fromEntries(entries.map(([name, property]) => [name, exampleOf(doc, property, depth + 1)]));
    }
    default:
      return null;
  }
}

/** The request body's JSON schema, when the operation takes JSON. */
export function jsonBodyOf(doc: OpenApiDocument, operation: OpenApiOperation): { contentType: string; schema?: OpenApiSchema } | undefined {
  const body = resolve(doc, operation.requestBody);
  if (!body?.content) return undefined;
  const contentType = Object.keys(body.content).find((type) => type.includes('json')) ?? Object.keys(body.content)[0];
  return contentType ? { contentType, schema: body.content[contentType]?.schema } : undefined;
}

/** The header a security scheme asks for, e.g. 'Authorization: Bearer <key>'. */
export function authorizationHeader(scheme: OpenApiSecurityScheme): string | undefined {
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') return 'Authorization: Bearer <key>';
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') return 'Authorization: Basic <credentials>';
  if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name) return `${scheme.name}: <key>`;
  return undefined;
}

/** The document's security schemes that can be written as a header. */
export function authorizationNotes(doc: OpenApiDocument): { name: string; header: string; description?: string }[] {
  return Object.entries(doc.components?.securitySchemes ?? {}).flatMap(([name, scheme]) => {
    const header = authorizationHeader(scheme);
    return header ? [{ name, header, description: scheme.description }] : [];
  });
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A short curl call of the operation: its secured header, and the smallest JSON body. */
export function curlExample(doc: OpenApiDocument, op: ReferenceOperation, origin: string): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => `<${name}>`);
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=<${p.name}>`)
    .join('&');
  const lines = [`curl -X ${op.method.toUpperCase()} ${shellQuote(`${origin}${path}${query ? `?${query}` : ''}`)}`];
  const secured = op.operation.security ?? [];
  const schemes = doc.components?.securitySchemes ?? {};
  const headers = secured
    .flatMap((requirement) => Object.keys(requirement))
    .map((name) => (schemes[name] ? authorizationHeader(schemes[name]) : undefined))
    .filter((header): header is string => !!header);
  for (const header of [...new Set(headers)]) lines.push(`-H ${shellQuote(header)}`);
  const body = jsonBodyOf(doc, op.operation);
  if (body) {
    lines.push(`-H ${shellQuote(`Content-Type: ${body.contentType}`)}`);
    if (body.contentType.includes('json')) lines.push(`-d ${shellQuote(JSON.stringify(exampleOf(doc, body.schema)))}`);
  }
  return lines.join(' \\\n  ');
}

/** Whether a fetched value looks like an OpenAPI document this tab can read. */
export function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return isObject(value) && typeof value.openapi === 'string' && isObject(value.paths) && isObject(value.info);
}
