import type { CodegenConfig } from '@graphql-codegen/cli';

// codegen:check points the output elsewhere and compares it with the committed src/gql/.
const output = process.env.QUARRY_CODEGEN_OUT ?? 'src/gql/';

const schema = ['schema.graphql'];

const config: CodegenConfig = {
  schema,
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    [output]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: 'string', JSON: 'Record<string, unknown>' },
        defaultScalarType: 'unknown',
      },
    },
  },
};

export default config;
