import { settingsResolvers, settingsTypeDefs } from '../modules/settings/settings.graphql';
import type { GraphQLContext } from './context';

export type Resolver<Args = Record<string, unknown>, Result = unknown> = (
  parent: unknown,
  args: Args,
  context: GraphQLContext,
) => Result | Promise<Result>;
export type ResolverMap = Record<string, Record<string, Resolver<never>>>;

/** Each module contributes its SDL and resolvers here; later modules append to these lists. */
const baseTypeDefs = /* GraphQL */ `
  type Query {
    _empty: Boolean
  }
  type Mutation {
    _empty: Boolean
  }
`;

export const typeDefs = [baseTypeDefs, settingsTypeDefs];
export const resolvers: ResolverMap[] = [settingsResolvers];
