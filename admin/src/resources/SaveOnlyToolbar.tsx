import { SaveButton, Toolbar } from 'react-admin';

/** Roles and staff are never deleted (a user is made INACTIVE instead, which keeps the audit trail whole). */
export const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);
