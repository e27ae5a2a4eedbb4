import type { GraphQLModule } from '../../graphql/graphql-module';
import { backoffice, type Access } from '../../auth/access';
import { LIST_ARGUMENTS, type ListArgs } from '../../graphql/list-query';
import type { GraphQLContext } from '../../graphql/context';
import type { ResolverMap } from '../../graphql/schema';
import { actOnJobs } from './act-on-jobs.service';
import type { JobActionContext } from './job-action-context';
import { countJobQueues, getJobQueue, listJobQueues } from './job-queues.service';
import { countJobSchedules, listJobSchedules } from './job-schedules.service';
import { jobThroughput } from './job-throughput.service';
import { countJobs, getJob, listJobs } from './jobs.service';
import { redriveDeadLetters } from './redrive-dead-letters.service';
import { retryAllFailed } from './retry-all-failed.service';
import { runScheduleNow } from './run-schedule-now.service';

// ListMetadata is declared by the back-office users module; every list shares it.
export const jobsTypeDefs = /* GraphQL */ `
  "A queue of the registry (id = its name) with live counts per job state."
  type JobQueue {
    id: ID!
    name: String!
    description: String!
    created: Int!
    retry: Int!
    active: Int!
    completed: Int!
    failed: Int!
    cancelled: Int!
    "created + retry: jobs waiting for a worker"
    backlog: Int!
    oldestWaitingOn: String
    deadLetterQueue: String!
    deadLetterCount: Int!
    retryLimit: Int
    retryDelay: Int
    retryBackoff: Boolean
    expireInSeconds: Int
  }
  type JobProgress {
    progress: Float!
    message: String
  }
  "One pg-boss job (id = its uuid, unique across queues)."
  type Job {
    id: ID!
    queue: String!
    state: String!
    data: JSON
    output: JSON
    errorMessage: String
    errorStack: String
    retryCount: Int!
    retryLimit: Int!
    createdOn: String!
    startedOn: String
    completedOn: String
    singletonKey: String
    progress: JobProgress
  }
  type JobSchedule {
    id: ID!
    queue: String!
    key: String!
    cron: String!
    timezone: String!
    nextRunOn: String
    lastRunState: String
    lastRunOn: String
    lastJobId: String
  }
  type JobThroughputHour {
    hour: String!
    completed: Int!
    failed: Int!
  }

  extend type Query {
    allJobQueues(${LIST_ARGUMENTS}): [JobQueue!]!
    _allJobQueuesMeta(${LIST_ARGUMENTS}): ListMetadata!
    JobQueue(id: ID!): JobQueue!
    "filter: { queue, state, q, ids }"
    allJobs(${LIST_ARGUMENTS}): [Job!]!
    _allJobsMeta(${LIST_ARGUMENTS}): ListMetadata!
    Job(id: ID!): Job!
    allJobSchedules(${LIST_ARGUMENTS}): [JobSchedule!]!
    _allJobSchedulesMeta(${LIST_ARGUMENTS}): ListMetadata!
    "Completed and failed jobs per hour over the last 24 hours, oldest first."
    jobThroughput: [JobThroughputHour!]!
  }
  extend type Mutation {
    "Each answers how many jobs it affected."
    retryJobs(ids: [ID!]!): Int!
    retryAllFailed(queue: String!): Int!
    cancelJobs(ids: [ID!]!): Int!
    resumeJobs(ids: [ID!]!): Int!
    redriveDeadLetters(queue: String!): Int!
    runScheduleNow(queue: String!): Int!
  }
`;

// The access policy has already required WRITE on jobs, so user is set.
const acting = ({ db, boss, user }: GraphQLContext): JobActionContext => ({ db, boss, actorUserId: user!.id });

export const jobsResolvers: ResolverMap = {
  Query: {
    allJobQueues: (_p, args: ListArgs, { db }) => listJobQueues(db, args),
    _allJobQueuesMeta: (_p, args: ListArgs, { db }) => countJobQueues(db, args),
    JobQueue: (_p, { id }: { id: string }, { db }) => getJobQueue(db, id),
    allJobs: (_p, args: ListArgs, { db }) => listJobs(db, args),
    _allJobsMeta: (_p, args: ListArgs, { db }) => countJobs(db, args),
    Job: (_p, { id }: { id: string }, { db }) => getJob(db, id),
    allJobSchedules: (_p, args: ListArgs, { db }) => listJobSchedules(db, args),
    _allJobSchedulesMeta: (_p, args: ListArgs, { db }) => countJobSchedules(db, args),
    jobThroughput: (_p, _args, { db }) => jobThroughput(db),
  },
  Mutation: {
    retryJobs: (_p, { ids }: { ids: string[] }, context) => actOnJobs(acting(context), 'retry', ids),
    cancelJobs: (_p, { ids }: { ids: string[] }, context) => actOnJobs(acting(context), 'cancel', ids),
    resumeJobs: (_p, { ids }: { ids: string[] }, context) => actOnJobs(acting(context), 'resume', ids),
    retryAllFailed: (_p, { queue }: { queue: string }, context) => retryAllFailed(acting(context), queue),
    redriveDeadLetters: (_p, { queue }: { queue: string }, context) => redriveDeadLetters(acting(context), queue),
    runScheduleNow: (_p, { queue }: { queue: string }, context) => runScheduleNow(acting(context), queue),
  },
};

export const jobsOperationAccess: Record<string, Access> = {
  'Query.allJobQueues': backoffice('jobs', 'READ'),
  'Query._allJobQueuesMeta': backoffice('jobs', 'READ'),
  'Query.JobQueue': backoffice('jobs', 'READ'),
  'Query.allJobs': backoffice('jobs', 'READ'),
  'Query._allJobsMeta': backoffice('jobs', 'READ'),
  'Query.Job': backoffice('jobs', 'READ'),
  'Query.allJobSchedules': backoffice('jobs', 'READ'),
  'Query._allJobSchedulesMeta': backoffice('jobs', 'READ'),
  'Query.jobThroughput': backoffice('jobs', 'READ'),
  'Mutation.retryJobs': backoffice('jobs', 'WRITE'),
  'Mutation.retryAllFailed': backoffice('jobs', 'WRITE'),
  'Mutation.cancelJobs': backoffice('jobs', 'WRITE'),
  'Mutation.resumeJobs': backoffice('jobs', 'WRITE'),
  'Mutation.redriveDeadLetters': backoffice('jobs', 'WRITE'),
  'Mutation.runScheduleNow': backoffice('jobs', 'WRITE'),
};

export const jobsModule: GraphQLModule = { typeDefs: jobsTypeDefs, resolvers: jobsResolvers, access: jobsOperationAccess };
