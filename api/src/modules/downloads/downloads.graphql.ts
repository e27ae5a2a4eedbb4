import { SIGNED_IN } from '../../auth/access';
import { isDownloadPath, signDownloadToken } from '../../auth/download-token';
import { DomainError } from '../../errors/domain-error';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { Resolver } from '../../graphql/schema';

/**
 * downloadToken(path): the token a download link carries as `jwt`, asked for when the user clicks. It is bound to
 * the path and the caller's session; the download route still checks the caller may read that file.
 */
const downloadToken: Resolver<{ path: string }> = async (_parent, { path }, context) => {
  if (typeof path !== 'string' || !isDownloadPath(path)) throw DomainError.invalid([{ field: 'path', rule: 'oneOf', message: 'is not a download link' }]);
  return signDownloadToken(context.tokenSecret, { userId: context.user!.id, sessionId: context.user!.sessionId, path });
};

export const downloadsModule: GraphQLModule = {
  typeDefs: `
  extend type Mutation {
    "A 5-minute token for one download link (a bill PDF, an export, a usage report), sent as its jwt parameter"
    downloadToken(path: String!): String!
  }`,
  resolvers: { Mutation: { downloadToken } },
  access: { 'Mutation.downloadToken': SIGNED_IN },
};
