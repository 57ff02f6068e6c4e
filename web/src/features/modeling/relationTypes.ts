import type { RelationInput, RelationType } from '../../gql/graphql';

// PRODUCT.md §3 relation types.
export const RELATION_TYPE_OPTIONS: { value: RelationType; label: string }[] = [
  { value: 'MANY_TO_ONE', label: 'Many to one' },
  { value: 'ONE_TO_MANY', label: 'One to many' },
  { value: 'ONE_TO_ONE', label: 'One to one' },
];

/** A relationship on the recommend-relationships page: recommended by the server or added by the user. */
export interface RelationRow extends RelationInput {
  key: string;
  reason: string;
  keep: boolean;
}

export function relationKey(relation: Pick<RelationInput, 'fromModel' | 'fromColumn' | 'toModel' | 'toColumn'>): string {
  return `${relation.fromModel}.${relation.fromColumn} → ${relation.toModel}.${relation.toColumn}`;
}

export function toRelationInput({ fromModel, fromColumn, toModel, toColumn, type }: RelationRow): RelationInput {
  return { fromModel, fromColumn, toModel, toColumn, type };
}
