import { useQuery } from 'urql';
import type { ModelsQuery } from '../../../gql/graphql';
import { displayName } from '../../format/values';
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

/** A model's or column's name as words: its display name, or its name made readable when the two are the same. */
const wordsOf = (item: { referenceName: string; displayName: string }) =>
  item.displayName && item.displayName !== item.referenceName ? item.displayName : displayName(item.referenceName);

/**
 * Examples from the first model with two columns besides its keys, and an instruction from
 * the first with a number to add up (generic when none has).
 */
export function examplesFrom(models: readonly Model[] | undefined): ModelExamples {
  const isKey = (name: string) => /(^id$|_id$|Id$)/.test(name);
  const valued = (model: Model) => model.columns.filter((c) => !isKey(c.referenceName));
  const listed = (models ?? []).find((m) => valued(m).length >= 2);
  if (!listed) return GENERIC_EXAMPLES;
  const [first, second] = valued(listed);
  const summed = (models ?? []).map((m) => ({ model: m, column: valued(m).find((c) => NUMERIC.test(c.type)) })).find((s) => s.column);
  const lower = (text: string) => text.toLowerCase();
  return {
    listQuestion: `e.g. ${lower(wordsOf(listed))} with ${lower(wordsOf(first))} and ${lower(wordsOf(second))}`,
    sql: `SELECT ${quoted(first.referenceName)}, ${quoted(second.referenceName)} FROM ${quoted(listed.referenceName)}`,
    countQuestion: `How many ${lower(wordsOf(listed))} are there?`,
    instruction: summed?.column
      ? `"Total ${lower(wordsOf(summed.column))}" always means the sum of ${summed.model.referenceName}.${summed.column.referenceName}.`
      : GENERIC_EXAMPLES.instruction,
  };
}

/** Placeholder examples from the project's models. */
export function useModelExamples(projectId: string): ModelExamples {
  const [{ data }] = useQuery({ query: ModelsDocument, variables: { projectId } });
  return examplesFrom(data?.models);
}
