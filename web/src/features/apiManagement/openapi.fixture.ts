// A small OpenAPI 3.1 document shaped like the one /api/v1/openapi.json serves, for tests.
export const SAMPLE_OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'Quarry API', version: '1', description: 'Ask questions with an API key.' },
  tags: [{ name: 'asking' }, { name: 'data' }],
  paths: {
    '/api/v1/ask': {
      post: {
        tags: ['asking'],
        summary: 'Asks a question and waits for its answer.',
        description: 'Answers 202 when the answer takes longer.',
        operationId: 'ask',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/AskRequest' } } }, required: true },
        responses: {
          '200': { description: 'The task ended', content: { 'application/json': { schema: { $ref: '#/components/schemas/AskResult' } } } },
          '4XX': { description: 'Refused', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
        },
        security: [{ apiKey: [] }],
      },
    },
    '/api/v1/asks/{taskId}': {
      get: {
        tags: ['asking'],
        operationId: 'get_ask',
        parameters: [{ name: 'taskId', in: 'path', required: true, description: "The task's id", schema: { type: 'string', format: 'uuid' } }],
        responses: { '200': { description: '', content: { 'application/json': { schema: { $ref: '#/components/schemas/AskResult' } } } } },
        security: [{ apiKey: [] }],
      },
    },
    '/api/v1/run_sql': {
      post: {
        tags: ['data'],
        summary: 'Runs SQL written over the models at the data source.',
        operationId: 'run_sql',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['sql'],
                properties: { sql: { type: 'string', description: 'One read-only SELECT.' }, limit: { type: ['integer', 'null'], format: 'int32' } },
              },
            },
          },
        },
        responses: { '200': { description: 'The rows' } },
        security: [{ apiKey: [] }],
      },
    },
  },
  components: {
    schemas: {
      AskRequest: {
        type: 'object',
        description: 'A question to ask.',
        required: ['question'],
        properties: {
          question: { type: 'string', description: 'The question, in plain language.' },
          projectId: { type: ['string', 'null'], format: 'uuid', description: 'Required for organization keys.' },
        },
      },
      AskResult: {
        type: 'object',
        required: ['taskId', 'status', 'rows'],
        properties: {
          taskId: { type: 'string', format: 'uuid' },
          status: { type: 'string', enum: ['FINISHED', 'FAILED'] },
          sql: { type: ['string', 'null'], description: 'The SQL, once written.' },
          chart: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/Chart' }] },
          rows: { type: 'array', items: { type: 'array', items: { type: 'object' } } },
        },
      },
      Chart: {
        type: 'object',
        required: ['chartType'],
        properties: { chartType: { type: 'string', description: 'BAR, LINE…' }, title: { type: 'string' } },
      },
      ErrorBody: { type: 'object', required: ['error'], properties: { error: { $ref: '#/components/schemas/ErrorDetail' } } },
      ErrorDetail: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'string', description: 'For example UNAUTHORIZED_ACCESS (401).' }, message: { type: 'string' } },
      },
    },
    securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API secret key from api-management/keys' } },
  },
};
