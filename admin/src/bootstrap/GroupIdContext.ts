import { createContext, useContext } from 'react';

// The group id parsed from the URL at start-up; it never changes while the app runs,
// because switching group means loading /admin/{otherId}/ afresh.
export const GroupIdContext = createContext<number>(0);

export function useGroupId(): number {
  return useContext(GroupIdContext);
}
