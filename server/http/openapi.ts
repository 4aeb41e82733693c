import type { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { envelope } from '../../contracts/index';
import type { RouteDefinition } from './route';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _ignored, ...rest } = zodToJsonSchema(schema, { target: 'openApi3', $refStrategy: 'none' }) as JsonSchema;
  return rest;
};

/** Query parameters: one entry per property of the (object) query schema. */
function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = toSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}

/** The OpenAPI 3.0 document of every registered route, generated from the same zod contracts that validate them. */
export function buildOpenApi(routes: readonly RouteDefinition[], info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const operation: JsonSchema = {
        summary: route.summary,
        tags: [route.tag],
        responses: {
          '200': {
            description: 'Envelope with code 200 on success; other codes carry msg and data null.',
            content: { 'application/json': { schema: toSchema(envelope(route.response.nullable())) } },
          },
        },
      };
      if (route.staffRoles) {
        operation.security = [{ staff: [] }];
        operation['x-staff-roles'] = route.staffRoles;
      } else if (route.auth) operation.security = [{ bearer: [] }];
      if (route.body && method !== 'GET') {
        const schema = toSchema(route.body);
        operation.requestBody = {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } },
        };
      }
      if (route.query) operation.parameters = queryParameters(route.query);
      (paths[route.url.replace(/:(\w+)/g, '{$1}')] ??= {})[method.toLowerCase()] = operation;
    }
  }
  return {
    openapi: '3.0.3',
    info,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        // `Authorization: Staff <token>`: the staff console's sessions, never a user's bearer token.
        staff: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Staff <token>' },
      },
    },
    paths,
  };
}
