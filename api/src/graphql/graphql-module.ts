import type { Access } from '../auth/access';
import type { ResolverMap } from './schema';

/**
 * One domain's share of the GraphQL API: its SDL, its resolvers and who may call each of its Query and
 * Mutation fields. The schema assembles the modules listed in modules.ts; an operation without an access
 * declaration, or a declaration without an operation, stops the API from starting.
 */
export interface GraphQLModule {
  typeDefs: string;
  resolvers: ResolverMap;
  access: Record<string, Access>;
}
