import { useQuery } from 'urql';
import type { ModelsQuery } from '../../../gql/graphql';
import { ModelsQuery as ModelsDocument } from '../graphql/modeling';

type Model = ModelsQuery['models'][number];

/** Placeholder examples in a project's own words. */
export type ModelExamples = {
  /** A question that lists records: "e.g. Orders with Customer and Amount". */
  listQuestion: string;
  /** SQL over the models: `SELECT "customer", "amount" FROM "orders"`. */
  sql: string;
  /** A counting question: "How many Orders are there?". */
  countQuestion: string;
  /** An instruction that defines a term: "Revenue always means the sum of orders.amount." */
  instruction: string;
};

/** What the placeholders say before the project has models. */
export const GENERIC_EXAMPLES: ModelExamples = {
  listQuestion: 'e.g. a list of records with the columns you want to see',
  sql: 'SELECT … FROM …',
  countQuestion: 'How many records are there?',
  instruction: 'A business term and what it always means in your data.',
};

const NUMERIC = /INT|DECIMAL|NUMERIC|DOUBLE|FLOAT|REAL|MONEY/i;
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Examples from the first model with two columns besides its keys (generic when none has). */
export function examplesFrom(models: readonly Model[] | undefined): ModelExamples {
  const isKey = (name: string) => /(^id$|_id$|Id$)/.test(name);
  for (const model of models ?? []) {
    const columns = model.columns.filter((c) => !isKey(c.referenceName));
    if (columns.length < 2) continue;
    const [first, second] = columns;
    const numeric = columns.find((c) => NUMERIC.test(c.type));
    return {
      listQuestion: `e.g. ${model.displayName} with ${first.displayName} and ${second.displayName}`,
      sql: `SELECT ${quoted(first.referenceName)}, ${quoted(second.referenceName)} FROM ${quoted(model.referenceName)}`,
      countQuestion: `How many ${model.displayName} are there?`,
      instruction: numeric
        ? `"Total ${numeric.displayName.toLowerCase()}" always means the sum of ${model.referenceName}.${numeric.referenceName}.`
        : GENERIC_EXAMPLES.instruction,
    };
  }
  return GENERIC_EXAMPLES;
}

/** Placeholder examples from the project's models. */
export function useModelExamples(projectId: string): ModelExamples {
  const [{ data }] = useQuery({ query: ModelsDocument, variables: { projectId } });
  return examplesFrom(data?.models);
}
