/** Form schemas with SPEC.md's exact messages, for server and web alike. */
export * from './api-tokens';
export * from './assignments';
export * from './auth';
export * from './batch';
export * from './categories';
export * from './comments';
export * from './contact';
export * from './costs';
export * from './due';
export * from './errors';
export * from './properties';
export * from './schedules';
export * from './signoffs';
export * from './tickets';
export * from './uploads';
export * from './users';
export * from './visits';
