import { Tag } from '../../../components/ui';
import type { ProjectState } from '../../../gql/graphql';

const STATE_TAGS: Partial<Record<ProjectState, { color: string; label: string }>> = {
  DELETING: { color: 'red', label: 'DELETING' },
  RESETTING: { color: 'orange', label: 'RESETTING' },
};

export function ProjectStateTag({ state }: { state: ProjectState }) {
  const tag = STATE_TAGS[state];
  return tag ? <Tag color={tag.color}>{tag.label}</Tag> : null;
}
