/** Isomorphic validation rules of the specification §5 (pure functions, no Node or browser imports). */
export { type RuleResult, INVALID_DATE } from './common';
export * from './calendar';
export * from './contract-dates';
export * from './house';
export * from './contact';
export * from './bank';
export * from './misc';
