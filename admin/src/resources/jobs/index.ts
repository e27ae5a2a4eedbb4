export { JobQueueList } from './JobQueueList';
export { JobList } from './JobList';
export { JobShow } from './JobShow';
export { JobScheduleList } from './JobScheduleList';
