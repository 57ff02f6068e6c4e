import { Result } from '../../../components/ui';

export const NO_API_ACCESS_TEXT =
  'Only owners and contributors of the project can see its API keys and API history. Please contact the project owner or an organization admin to perform this action.';

/** What a viewer sees instead of api-management (PRODUCT.md §6), or the server's refusal. */
export function NoApiAccess({ message = NO_API_ACCESS_TEXT }: { message?: string }) {
  return <Result status="403" title="No permission" subTitle={message} />;
}
