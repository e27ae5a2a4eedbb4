export * from './enums';
export * from './dates';
export * from './identity';
export * from './validators';
export * from './messages';
export * from './session';
export * from './route-pattern';
export * from './validation';
