export * from './enums';
export * from './dates';
