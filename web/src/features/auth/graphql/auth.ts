import { graphql } from '../../../gql';

export const SendResetPasswordEmailMutation = graphql(`
  mutation SendResetPasswordEmail($email: String!) {
    sendResetPasswordEmail(email: $email)
  }
`);
