/** The billing engine's pure money maths (isomorphic: no Node imports). Amounts are integer pence. */
export * from './errors';
export * from './exact';
export * from './money';
export * from './periods';
export * from './gas';
export * from './instalments';
export * from './statement-lines';
export * from './tenant-split';
export * from './allowance';
export * from './rebates';
export * from './estimate-read';
