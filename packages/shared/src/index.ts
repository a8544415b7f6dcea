export * from './api';
export * from './constants';
export * from './messages';
export * from './navigation';
export * from './roles';
