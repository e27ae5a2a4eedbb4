import { backofficeRead, type Access } from '../../auth/access';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { ATTACHMENT_OWNERS, resourceSpec, type AttachmentOwner } from '../../rules';
import { listAttachments } from './list-attachments.service';

/*
 * The files attached to a record, for its page: a visit's photos and documents, a comment's attachments, a
 * tenant's tenancy agreements and proofs of address. Files are added through the REST upload routes
 * (POST /api/v2/uploads/…) and downloaded through GET /api/v2/uploads/files/{id} with a download token.
 */
const typeDefs = /* GraphQL */ `
  "A file attached to a record."
  type Attachment {
    id: ID!
    "HOUSE_VISIT_JOB_ATTACHMENT, COMMENT_ATTACHMENT, TENANCY_AGREEMENT or PROOF_OF_ADDRESS"
    resourceType: String!
    fileName: String!
    contentType: String!
    sizeBytes: Int!
    createdAt: String!
    "Who added it"
    uploadedBy: String!
    "GET it with a download token as ?jwt="
    downloadPath: String!
  }
  extend type Query {
    "Photos and documents of a visit of the X-Group-ID group (partner staff: their own visits)"
    houseVisitAttachments(houseVisitId: ID!): [Attachment!]!
    "Attachments of a comment of the X-Group-ID group"
    commentAttachments(commentId: ID!): [Attachment!]!
    "Tenancy agreements and proofs of address of a tenant of the X-Group-ID group"
    tenantDocuments(tenantId: ID!): [Attachment!]!
  }
`;

const lister = (owner: AttachmentOwner, argument: string): Resolver<Record<string, string>> => async (_parent, args, context) => listAttachments({ db: context.db, user: context.user!, groupId: context.groupId }, owner, args[argument]);

const resolvers: ResolverMap = {
  Query: {
    houseVisitAttachments: lister('houseVisit', 'houseVisitId'),
    commentAttachments: lister('comment', 'commentId'),
    tenantDocuments: lister('tenant', 'tenantId'),
  },
};

/** Reading a record's files is reading the record. */
const readOwner = (owner: AttachmentOwner): Access => {
  const spec = resourceSpec(ATTACHMENT_OWNERS[owner].resource);
  return backofficeRead(spec.area, spec.readAlsoWith ?? []);
};

const access: Record<string, Access> = {
  'Query.houseVisitAttachments': readOwner('houseVisit'),
  'Query.commentAttachments': readOwner('comment'),
  'Query.tenantDocuments': readOwner('tenant'),
};

export const attachmentsModule: GraphQLModule = { typeDefs, resolvers, access };
