export * from './errors.ts';
export * from './settings.ts';
export * from './user.ts';
