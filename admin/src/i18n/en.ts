import englishMessages from 'ra-language-english';
import { type TranslationMessages } from 'react-admin';

// react-admin's own English messages plus ours, under the "shb" (Shared House Bills) namespace.
export const en: TranslationMessages = {
  ...englishMessages,
  shb: {
    app: {
      title: 'Back office',
      loading: 'Connecting to the API…',
    },
    dashboard: {
      title: 'Back office',
      welcome: 'Welcome to the Shared House Bills back office.',
      group: 'Group',
      group_help: 'Every page and API call in this tab is scoped to group %{groupId}.',
      no_resources: 'The API does not expose any back-office resources yet.',
      resources: 'Resources: %{names}',
    },
    health: {
      title: 'API health',
      database: 'Database',
      jobQueue: 'Job queue',
      overall: 'Overall',
      checking: 'Checking…',
      unreachable: 'Cannot reach /healthz: %{error}',
      refresh: 'Refresh',
      details: 'System status',
    },
    api_error: {
      title: 'The back office cannot reach the API',
      body: 'We could not load the GraphQL schema from %{url}. The API server may be down or restarting. Check that it is running, then try again.',
      details: 'Technical details',
      retry: 'Try again',
    },
  },
};
