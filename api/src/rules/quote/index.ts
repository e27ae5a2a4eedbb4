export * from './calculate';
export * from './money';
export * from './regions';
export * from './validate';
