/**
 * The real app's OpenAPI document (`GET /api/docs/json`) and its operations, for the suites that
 * walk every operation: the authorization matrix and the generated bad requests.
 */
import { expect } from 'vitest';
import type { Client } from './harness.js';

/** A JSON Schema as @fastify/swagger writes it (OpenAPI 3.0: `nullable`, boolean `exclusiveMinimum`). */
export interface JsonSchema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  security?: Record<string, string[]>[];
  /** Set on operations served outside `/api` (the local object store: `/`). */
  servers?: { url: string }[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  /** `METHOD /path`, the path as in the document (relative to its server, `/api`). */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  operation: OpenApiOperation;
}

/** The URL of an operation's path: under `/api` (the document's server) unless it names its own. */
export function operationUrl(op: Operation, path: string = op.path): string {
  const base = (op.operation.servers?.[0]?.url ?? '/api').replace(/\/$/, '');
  return `${base}${path}`;
}

/** Fetches the document the app serves (plain JSON, not the envelope). */
export async function openApiDocument(client: Client): Promise<OpenApiDocument> {
  const res = await client.get('/api/docs/json');
  expect(res.statusCode).toBe(200);
  return res.json() as OpenApiDocument;
}

/** Every operation of the document, in its order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([m, operation]) => ({ key: `${m.toUpperCase()} ${path}`, method: m.toUpperCase() as Operation['method'], path, operation })),
  );
}
