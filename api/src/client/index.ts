/** Browser-side code shared by the site and the back office (`@app/api/client`). */
export * from './session-store';
export * from './graphql-request';
export * from './session-watch';
export * from './notify-client';
export * from './notifications-api';
export * from './notification-store';
export * from './secure-download';
export * from './password-api';
