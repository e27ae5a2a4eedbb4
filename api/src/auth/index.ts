/** What other workspaces (fixtures) use of authentication. */
export { hashPassword, DEMO_PASSWORD } from './password-hashing';
